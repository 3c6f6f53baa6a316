import { useState } from 'react';
import { STAFF_ROLES, STAFF_ROLE_LABELS, type StaffRole } from '@legiao/contracts/admin/roles';
import type { StaffMember } from '@legiao/contracts/admin/equipe';
import { ConfirmDialog, DataTable, PageHeader, SelectFilter, TextFilter, notifyError, notifySuccess, useListParams, useStaff, type AdminColumn } from '../ui';
import { useEquipeQuery, useSetRoles } from './equipe-api';
import { RolesDialog } from './roles-dialog';
import './equipe.css';

const FILTERS = ['busca', 'papel'] as const;

/** /admin/equipe (admin): who holds which role; grant, change and take roles away (all audited). */
export function EquipePage() {
  const me = useStaff();
  const params = useListParams(FILTERS, { ordem: 'nome' });
  const q = useEquipeQuery(params.query);
  const set = useSetRoles();
  const [editing, setEditing] = useState<StaffMember | 'novo' | null>(null);
  const [removing, setRemoving] = useState<StaffMember | null>(null);

  const columns: AdminColumn<StaffMember>[] = [
    { id: 'nome', accessorKey: 'nome', header: 'Nome', enableSorting: true },
    { id: 'email', accessorKey: 'email', header: 'E-mail', enableSorting: true },
    {
      id: 'papeis',
      header: 'Papéis',
      cell: ({ row }) => (
        <span className="admin-selos">
          {row.original.papeis.map((p) => (
            <span key={p} className={`admin-selo${p === 'admin' ? ' admin-selo--vermelho' : ''}`}>
              {STAFF_ROLE_LABELS[p]}
            </span>
          ))}
        </span>
      ),
    },
    {
      id: 'acoes',
      header: () => <span className="visually-hidden">Ações</span>,
      cell: ({ row }) => {
        const self = row.original.id === me.id;
        return self ? (
          <small className="admin-campo__dica">Você (seus papéis só outro administrador muda)</small>
        ) : (
          <span className="equipe-acoes">
            <button type="button" className="admin-btn admin-btn--pequeno" onClick={() => setEditing(row.original)} aria-label={`Editar papéis de ${row.original.nome}`}>
              Editar papéis
            </button>
            <button type="button" className="admin-btn admin-btn--pequeno" onClick={() => setRemoving(row.original)} aria-label={`Tirar acesso de ${row.original.nome}`}>
              Tirar acesso
            </button>
          </span>
        );
      },
    },
  ];

  return (
    <>
      <PageHeader
        title="Equipe e papéis"
        description="Quem usa o back office e o que cada um pode fazer. Toda mudança fica na auditoria."
        actions={
          <button type="button" className="admin-btn admin-btn--primario" onClick={() => setEditing('novo')}>
            Dar papel a alguém
          </button>
        }
      />
      <div className="admin-filtros">
        <TextFilter label="Buscar por nome ou e-mail" value={params.filters.busca} onChange={(v) => params.setFilter('busca', v)} />
        <SelectFilter label="Papel" value={params.filters.papel} onChange={(v) => params.setFilter('papel', v)} options={STAFF_ROLES.map((r) => ({ value: r, label: STAFF_ROLE_LABELS[r] }))} />
      </div>
      <DataTable caption="Pessoas da equipe e seus papéis" columns={columns} page={q.data} isLoading={q.isFetching} error={q.error} onRetry={() => void q.refetch()} params={params} getRowId={(m) => m.id} />
      {editing && <RolesDialog email={editing === 'novo' ? undefined : editing.email} papeis={editing === 'novo' ? [] : (editing.papeis as StaffRole[])} onClose={() => setEditing(null)} />}
      {removing && (
        <ConfirmDialog
          title="Tirar o acesso ao back office"
          confirmLabel="Tirar todos os papéis"
          danger
          onClose={() => setRemoving(null)}
          onConfirm={async () => {
            try {
              await set.mutateAsync({ email: removing.email, papeis: [] });
              notifySuccess(`${removing.nome} não tem mais acesso ao back office.`);
            } catch (err) {
              notifyError(err);
              throw err;
            }
          }}
        >
          <p>
            {removing.nome} ({removing.email}) perde os papéis {removing.papeis.map((p) => STAFF_ROLE_LABELS[p]).join(', ')} na hora. A conta de membro continua.
          </p>
        </ConfirmDialog>
      )}
    </>
  );
}
