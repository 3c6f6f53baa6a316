import { useState } from 'react';
import type { ParticipacaoAdmin, PesquisaResumo } from '@legiao/contracts/admin/pesquisas';
import { Modal } from '../../../../shared/ui/modal';
import { DataTable, notifyError, SelectFilter, useListParams, type AdminColumn } from '../../ui';
import { dataHoraCurta } from '../../ordenacao/datas';
import { baixarRespostasCsv, useRespostasQuery } from '../api/pesquisas-api';

const FILTERS = ['situacao'] as const;

/** One row per participation (first name only), paged on the server; every answer as CSV. */
export function RespostasAba({ pesquisa }: { pesquisa: PesquisaResumo }) {
  const params = useListParams(FILTERS, { ordem: '-criadaEm' });
  const q = useRespostasQuery(pesquisa.id, params.query);
  const [aberta, setAberta] = useState<ParticipacaoAdmin | null>(null);
  const [baixando, setBaixando] = useState(false);

  const columns: AdminColumn<ParticipacaoAdmin>[] = [
    { id: 'id', header: 'Participação', cell: ({ row }) => `#${row.original.id}` },
    { id: 'primeiroNome', header: 'Membro', cell: ({ row }) => row.original.primeiroNome },
    { id: 'criadaEm', accessorFn: (p) => p.criadaEm, header: 'Começou em', enableSorting: true, cell: ({ row }) => dataHoraCurta(row.original.criadaEm) },
    {
      id: 'situacao',
      header: 'Situação',
      cell: ({ row }) =>
        row.original.concluidaEm ? <span className="admin-selo admin-selo--verde">Concluída {dataHoraCurta(row.original.concluidaEm)}</span> : <span className="admin-selo admin-selo--ambar">{pesquisa.tipo === 'satisfacao' ? `Na página ${row.original.pagina}` : 'Em andamento'}</span>,
    },
    { id: 'resultado', header: pesquisa.tipo === 'satisfacao' ? 'Cupom' : 'Perfil', cell: ({ row }) => (pesquisa.tipo === 'satisfacao' ? row.original.cupom : row.original.perfil) ?? '—' },
    {
      id: 'respostas',
      header: 'Respostas',
      cell: ({ row }) => (
        <button type="button" className="admin-btn admin-btn--pequeno" onClick={() => setAberta(row.original)} aria-label={`Ver as ${row.original.respostas.length} respostas da participação ${row.original.id}`}>
          Ver {row.original.respostas.length}
        </button>
      ),
    },
  ];

  const exportar = async () => {
    setBaixando(true);
    try {
      await baixarRespostasCsv(pesquisa.id, `respostas-${pesquisa.chave}.csv`);
    } catch (e) {
      notifyError(e);
    } finally {
      setBaixando(false);
    }
  };

  return (
    <div className="pesquisas-respostas">
      <div className="admin-filtros">
        <SelectFilter
          label="Situação"
          value={params.filters.situacao}
          onChange={(v) => params.setFilter('situacao', v)}
          allLabel="Todas"
          options={[
            { value: 'concluida', label: 'Concluídas' },
            { value: 'em-andamento', label: 'Em andamento' },
          ]}
        />
        <button type="button" className="admin-btn pesquisas-exportar" onClick={() => void exportar()} disabled={baixando} aria-busy={baixando}>
          {baixando ? 'Exportando...' : 'Exportar CSV (todas as respostas)'}
        </button>
      </div>
      <DataTable caption="Participações e respostas" columns={columns} page={q.data} isLoading={q.isFetching} error={q.error} onRetry={() => void q.refetch()} params={params} getRowId={(p) => String(p.id)} />
      {aberta && (
        <Modal titulo={`Participação #${aberta.id} · ${aberta.primeiroNome}`} onClose={() => setAberta(null)} variante="preview">
          {aberta.respostas.length === 0 ? (
            <p>Nenhuma resposta ainda.</p>
          ) : (
            <ol className="pesquisas-lista">
              {aberta.respostas.map((r, i) => (
                <li key={i} value={r.perguntaOrdem}>
                  <strong>{r.pergunta}</strong>
                  <p>
                    {r.opcao ?? '—'}
                    {r.complemento && <em> · “{r.complemento}”</em>}
                  </p>
                </li>
              ))}
            </ol>
          )}
        </Modal>
      )}
    </div>
  );
}
