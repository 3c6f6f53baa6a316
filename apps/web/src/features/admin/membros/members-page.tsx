import { useState } from 'react';
import { Link, useRoutes } from 'react-router';
import { MEMBER_STATE_LABEL, SEARCH_KINDS, type MemberState, type MemberSummary, type SearchKind } from '@legiao/contracts/admin/membros';
import { DataTable, EmptyState, notifyError, PageHeader, SelectFilter, TextFilter, useListParams, type AdminColumn } from '../ui/index';
import { useStaff } from '../staff/staff-context';
import { downloadMembersCsv, useSearchMembers } from './members-api';
import { MemberPage } from './member-page';
import { AdjustmentsPage } from './adjustments-page';
import './membros.css';

/** /admin/membros/*: the search, a member's page, the adjustments waiting for approval. */
export function MembersArea() {
  return useRoutes([
    { index: true, element: <SearchMembersPage /> },
    { path: 'ajustes', element: <AdjustmentsPage /> },
    { path: ':id', element: <MemberPage /> },
  ]);
}

const KIND_LABEL: Record<SearchKind, string> = { auto: 'Qualquer campo', nome: 'Nome', email: 'E-mail', cpf: 'CPF', numero: 'Número de legião', codigo: 'Código de indicação' };
const STATE_COLOUR: Record<MemberState, string> = { ativo: 'admin-selo--verde', pendente: 'admin-selo--ambar', bloqueado: 'admin-selo--vermelho', anonimizado: '' };

export function StateBadge({ estado: state }: { estado: MemberState }) {
  return <span className={`admin-selo ${STATE_COLOUR[state]}`}>{MEMBER_STATE_LABEL[state]}</span>;
}

export const formatCpf = (cpf: string | null) => (cpf && cpf.length === 11 ? `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}` : (cpf ?? '—'));

/**
 * "Exportar CSV" (members.export: administrators; ADR 0045): the members the current filters find,
 * every member not anonymised without a text. The export is recorded in the audit trail.
 */
function ExportButton({ filters }: { filters: { busca?: string; tipo?: string } }) {
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    try {
      await downloadMembersCsv(filters);
    } catch (e) {
      notifyError(e);
    } finally {
      setBusy(false);
    }
  }
  const scope = filters.busca ? 'os membros desta busca' : 'todos os membros (exceto contas anonimizadas)';
  return (
    <button type="button" className="admin-btn membros-exportar" onClick={() => void download()} disabled={busy} aria-busy={busy} title={`Baixa ${scope} em CSV. A exportação fica registrada na auditoria.`}>
      {busy ? 'Exportando...' : 'Exportar CSV'}
    </button>
  );
}

function SearchMembersPage() {
  const params = useListParams(['busca', 'tipo'] as const);
  const q = useSearchMembers(params.query);
  const canExport = useStaff().can('members.export');
  const columns: AdminColumn<MemberSummary>[] = [
    { id: 'nome', header: 'Nome', cell: ({ row }) => <Link to={row.original.id}>{row.original.nome}</Link> },
    { id: 'email', accessorKey: 'email', header: 'E-mail', enableSorting: false },
    { id: 'cpf', header: 'CPF', cell: ({ row }) => formatCpf(row.original.cpf) },
    { id: 'estado', header: 'Situação', cell: ({ row }) => <StateBadge estado={row.original.estado} /> },
    { id: 'dataCadastro', header: 'Cadastro', cell: ({ row }) => new Date(row.original.dataCadastro).toLocaleDateString('pt-BR') },
  ];
  return (
    <>
      <PageHeader
        title="Membros"
        description="Busque por nome, e-mail, CPF (inteiro ou parte, com ou sem pontos), número de legião ou código de indicação."
        actions={
          <>
            {canExport && <ExportButton filters={params.filters} />}
            <Link className="admin-btn" to="ajustes">
              Ajustes de saldo
            </Link>
          </>
        }
      />
      <div className="admin-filtros">
        <TextFilter label="Buscar membro" placeholder="Ex.: Maria, maria@, 123.456, 1913" value={params.filters.busca} onChange={(v) => params.setFilter('busca', v)} />
        <SelectFilter label="Buscar em" allLabel={KIND_LABEL.auto} value={params.filters.tipo} onChange={(v) => params.setFilter('tipo', v)} options={SEARCH_KINDS.filter((t) => t !== 'auto').map((t) => ({ value: t, label: KIND_LABEL[t] }))} />
      </div>
      {!params.filters.busca ? (
        <EmptyState title="Digite algo para buscar" message="Ao menos 3 letras de um nome ou e-mail, parte do CPF, um número de legião ou o código de indicação." />
      ) : (
        <>
          {q.data?.totalLimitado && <p className="membros-aviso">Mais de {q.data.total} membros encontrados: refine a busca.</p>}
          <DataTable caption="Membros encontrados" columns={columns} page={q.data} isLoading={q.isFetching} error={q.error} onRetry={() => void q.refetch()} params={params} getRowId={(m) => m.id} empty={<EmptyState title="Nenhum membro encontrado" />} />
        </>
      )}
    </>
  );
}
