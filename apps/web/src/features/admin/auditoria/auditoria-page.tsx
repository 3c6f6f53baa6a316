import { useState } from 'react';
import type { AuditEntryView } from '@legiao/contracts/admin/auditoria';
import { Modal } from '../../../shared/ui/modal';
import { DataTable, DateFilter, PageHeader, SelectFilter, TextFilter, useListParams, type AdminColumn } from '../ui';
import { useAuditoriaQuery, useEntitiesQuery } from './auditoria-api';
import { diffRows } from './diff';
import './auditoria.css';

const FILTERS = ['autor', 'entidade', 'entidadeId', 'de', 'ate'] as const;
const when = (iso: string) => new Date(iso).toLocaleString('pt-BR', { timeZone: 'America/Sao_Paulo', dateStyle: 'short', timeStyle: 'medium' });
const authorOf = (e: AuditEntryView) => (e.autor ? e.autor.nome : 'Linha de comando');

/** /admin/auditoria (every staff role): every staff write, who, when, what, and its before/after. */
export function AuditoriaPage() {
  const params = useListParams(FILTERS, { ordem: '-criadoEm' });
  const q = useAuditoriaQuery(params.query);
  const entities = useEntitiesQuery();
  const [isOpen, setIsOpen] = useState<AuditEntryView | null>(null);

  const columns: AdminColumn<AuditEntryView>[] = [
    { id: 'criadoEm', header: 'Quando', enableSorting: true, cell: ({ row }) => <time dateTime={row.original.criadoEm}>{when(row.original.criadoEm)}</time> },
    {
      id: 'autor',
      header: 'Pessoa',
      cell: ({ row }) => (
        <span className="auditoria-autor">
          {authorOf(row.original)}
          <small>{row.original.autor ? row.original.autor.email : 'admin:grant'}</small>
        </span>
      ),
    },
    { id: 'acao', header: 'Ação', cell: ({ row }) => <code>{row.original.acao}</code> },
    {
      id: 'entidade',
      header: 'Entidade',
      cell: ({ row }) => (
        <span>
          {row.original.entidade}
          {row.original.entidadeId && <small className="auditoria-id"> #{row.original.entidadeId}</small>}
        </span>
      ),
    },
    {
      id: 'ver',
      header: () => <span className="visually-hidden">Detalhes</span>,
      cell: ({ row }) => (
        <button type="button" className="admin-btn admin-btn--pequeno" onClick={() => setIsOpen(row.original)} aria-label={`Ver diferenças: ${row.original.acao} em ${when(row.original.criadoEm)}`}>
          Ver diferenças
        </button>
      ),
    },
  ];

  return (
    <>
      <PageHeader title="Auditoria" description="Cada alteração feita pela equipe: quem, quando, o quê, e o antes e o depois. Nada aqui pode ser apagado ou editado." />
      <div className="admin-filtros">
        <TextFilter label="Pessoa (nome ou e-mail)" value={params.filters.autor} onChange={(v) => params.setFilter('autor', v)} />
        <SelectFilter label="Entidade" value={params.filters.entidade} onChange={(v) => params.setFilter('entidade', v)} allLabel="Todas" options={(entities.data?.entidades ?? []).map((e) => ({ value: e, label: e }))} />
        <TextFilter label="Id da entidade" value={params.filters.entidadeId} onChange={(v) => params.setFilter('entidadeId', v)} />
        <DateFilter label="De" value={params.filters.de} onChange={(v) => params.setFilter('de', v)} />
        <DateFilter label="Até" value={params.filters.ate} onChange={(v) => params.setFilter('ate', v)} />
        {Object.keys(params.filters).length > 0 && (
          <button type="button" className="admin-btn" onClick={params.clearFilters}>
            Limpar filtros
          </button>
        )}
      </div>
      <DataTable caption="Trilha de auditoria" columns={columns} page={q.data} isLoading={q.isFetching} error={q.error} onRetry={() => void q.refetch()} params={params} getRowId={(e) => e.id} />
      {isOpen && <DiffDialog entry={isOpen} onClose={() => setIsOpen(null)} />}
    </>
  );
}

function DiffDialog({ entry, onClose }: { entry: AuditEntryView; onClose: () => void }) {
  const rows = diffRows(entry.antes, entry.depois);
  return (
    <Modal titulo={`${entry.acao} · ${entry.entidade}${entry.entidadeId ? ` #${entry.entidadeId}` : ''}`} onClose={onClose} variant="preview">
      <div className="auditoria-diff">
        <p>
          {authorOf(entry)}
          {entry.autor ? ` (${entry.autor.email})` : ''} em {when(entry.criadoEm)}
          {entry.requestId && (
            <>
              {' '}
              · pedido <code>{entry.requestId}</code>
            </>
          )}
        </p>
        <table>
          <caption className="visually-hidden">Antes e depois, campo a campo</caption>
          <thead>
            <tr>
              <th scope="col">Campo</th>
              <th scope="col">Antes</th>
              <th scope="col">Depois</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.field} className={r.changed ? 'auditoria-diff__mudou' : undefined}>
                <th scope="row">
                  {r.field}
                  {r.changed && <span className="visually-hidden"> (alterado)</span>}
                </th>
                <td>
                  <span className={r.changed ? 'auditoria-diff__antes' : undefined}>{r.before}</span>
                </td>
                <td>
                  <span className={r.changed ? 'auditoria-diff__depois' : undefined}>{r.after}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Modal>
  );
}
