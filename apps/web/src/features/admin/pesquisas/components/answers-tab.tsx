import { useState } from 'react';
import type { ParticipationAdmin, SurveySummary } from '@legiao/contracts/admin/pesquisas';
import { Modal } from '../../../../shared/ui/modal';
import { DataTable, notifyError, SelectFilter, useListParams, type AdminColumn } from '../../ui/index';
import { shortDateTime } from '../../ordenacao/datas';
import { downloadAnswersCsv, useAnswersQuery } from '../api/surveys-api';

const FILTERS = ['situacao'] as const;

/** One row per participation (first name only), paged on the server; every answer as CSV. */
export function AnswersTab({ pesquisa: survey }: { pesquisa: SurveySummary }) {
  const params = useListParams(FILTERS, { ordem: '-criadaEm' });
  const q = useAnswersQuery(survey.id, params.query);
  const [isOpen, setIsOpen] = useState<ParticipationAdmin | null>(null);
  const [downloading, setDownloading] = useState(false);

  const columns: AdminColumn<ParticipationAdmin>[] = [
    { id: 'id', header: 'Participação', cell: ({ row }) => `#${row.original.id}` },
    { id: 'primeiroNome', header: 'Membro', cell: ({ row }) => row.original.primeiroNome },
    { id: 'criadaEm', accessorFn: (p) => p.criadaEm, header: 'Começou em', enableSorting: true, cell: ({ row }) => shortDateTime(row.original.criadaEm) },
    {
      id: 'situacao',
      header: 'Situação',
      cell: ({ row }) =>
        row.original.concluidaEm ? <span className="admin-selo admin-selo--verde">Concluída {shortDateTime(row.original.concluidaEm)}</span> : <span className="admin-selo admin-selo--ambar">{survey.tipo === 'satisfacao' ? `Na página ${row.original.pagina}` : 'Em andamento'}</span>,
    },
    { id: 'resultado', header: survey.tipo === 'satisfacao' ? 'Cupom' : 'Perfil', cell: ({ row }) => (survey.tipo === 'satisfacao' ? row.original.cupom : row.original.perfil) ?? '—' },
    {
      id: 'respostas',
      header: 'Respostas',
      cell: ({ row }) => (
        <button type="button" className="admin-btn admin-btn--pequeno" onClick={() => setIsOpen(row.original)} aria-label={`Ver as ${row.original.respostas.length} respostas da participação ${row.original.id}`}>
          Ver {row.original.respostas.length}
        </button>
      ),
    },
  ];

  const exportCsv = async () => {
    setDownloading(true);
    try {
      await downloadAnswersCsv(survey.id, `respostas-${survey.chave}.csv`);
    } catch (e) {
      notifyError(e);
    } finally {
      setDownloading(false);
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
        <button type="button" className="admin-btn pesquisas-exportar" onClick={() => void exportCsv()} disabled={downloading} aria-busy={downloading}>
          {downloading ? 'Exportando...' : 'Exportar CSV (todas as respostas)'}
        </button>
      </div>
      <DataTable caption="Participações e respostas" columns={columns} page={q.data} isLoading={q.isFetching} error={q.error} onRetry={() => void q.refetch()} params={params} getRowId={(p) => String(p.id)} />
      {isOpen && (
        <Modal titulo={`Participação #${isOpen.id} · ${isOpen.primeiroNome}`} onClose={() => setIsOpen(null)} variant="preview">
          {isOpen.respostas.length === 0 ? (
            <p>Nenhuma resposta ainda.</p>
          ) : (
            <ol className="pesquisas-lista">
              {isOpen.respostas.map((r, i) => (
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
