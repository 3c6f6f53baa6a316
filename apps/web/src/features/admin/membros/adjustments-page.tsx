import { useState } from 'react';
import { Link } from 'react-router';
import { ADJUSTMENT_STATUS, type Adjustment } from '@legiao/contracts/admin/membros';
import { Can, ConfirmDialog, DataTable, PageHeader, SelectFilter, notifyError, notifySuccess, useListParams, useStaff, type AdminColumn } from '../ui/index';
import { reviewAdjustment, useAdjustments, useMemberWrite } from './members-api';

// /admin/membros/ajustes (issue 17 item 4; ADR 0031): the ledger adjustments, pending first; a
// pending one is approved or refused by a staff member other than its requester (four-eyes).

const STATUS_LABEL = { pendente: 'Pendente', aprovado: 'Aprovado', recusado: 'Recusado' } as const;
const STATUS_COR = { pendente: 'admin-selo--ambar', aprovado: 'admin-selo--verde', recusado: 'admin-selo--vermelho' } as const;

export function AdjustmentsPage() {
  const me = useStaff();
  const params = useListParams(['status', 'membroId'] as const);
  const q = useAdjustments(params.query);
  const [reviewing, setReviewing] = useState<{ a: Adjustment; decision: 'aprovar' | 'recusar' } | null>(null);
  const columns: AdminColumn<Adjustment>[] = [
    { id: 'criadoEm', header: 'Pedido em', enableSorting: true, cell: ({ row }) => new Date(row.original.criadoEm).toLocaleString('pt-BR', { dateStyle: 'short', timeStyle: 'short' }) },
    { id: 'membro', header: 'Membro', cell: ({ row }) => <Link to={`../${row.original.membro.id}`}>{row.original.membro.nome}</Link> },
    { id: 'valor', header: 'Pontos', cell: ({ row }) => <span className={row.original.valor < 0 ? 'membros-debito' : 'membros-credito'}>{row.original.valor > 0 ? `+${row.original.valor}` : row.original.valor}</span> },
    { id: 'motivo', header: 'Motivo e referência', cell: ({ row }) => `${row.original.motivo} (${row.original.referencia})` },
    { id: 'solicitante', header: 'Pedido por', cell: ({ row }) => row.original.solicitante?.nome ?? '—' },
    {
      id: 'status',
      header: 'Situação',
      cell: ({ row }) => (
        <span title={row.original.motivoRecusa ?? undefined}>
          <span className={`admin-selo ${STATUS_COR[row.original.status]}`}>{STATUS_LABEL[row.original.status]}</span>
          {row.original.revisor && <small className="admin-campo__dica"> por {row.original.revisor.nome}</small>}
        </span>
      ),
    },
    {
      id: 'acoes',
      header: () => <span className="visually-hidden">Ações</span>,
      cell: ({ row }) => {
        const a = row.original;
        if (a.status !== 'pendente') return null;
        if (a.solicitante?.id === me.id) return <small className="admin-campo__dica">Seu pedido: outra pessoa aprova</small>;
        return (
          <Can permission="members.write">
            <span className="membros-acoes">
              <button type="button" className="admin-btn admin-btn--pequeno admin-btn--primario" onClick={() => setReviewing({ a, decision: 'aprovar' })}>
                Aprovar
              </button>
              <button type="button" className="admin-btn admin-btn--pequeno" onClick={() => setReviewing({ a, decision: 'recusar' })}>
                Recusar
              </button>
            </span>
          </Can>
        );
      },
    },
  ];
  return (
    <>
      <p className="membros-voltar">
        <Link to="..">← Buscar membros</Link>
      </p>
      <PageHeader title="Ajustes de saldo" description={`Créditos e débitos feitos pela equipe. Acima de ${q.data?.limiteAprovacao ?? '…'} pontos, um ajuste espera a aprovação de outra pessoa.`} />
      <div className="admin-filtros">
        <SelectFilter label="Situação" value={params.filters.status} onChange={(v) => params.setFilter('status', v)} options={ADJUSTMENT_STATUS.map((s) => ({ value: s, label: STATUS_LABEL[s] }))} />
      </div>
      <DataTable caption="Ajustes de saldo" columns={columns} page={q.data} isLoading={q.isFetching} error={q.error} onRetry={() => void q.refetch()} params={params} getRowId={(a) => a.id} />
      {reviewing && <ReviewDialog {...reviewing} onClose={() => setReviewing(null)} />}
    </>
  );
}

function ReviewDialog({ a, decision, onClose }: { a: Adjustment; decision: 'aprovar' | 'recusar'; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const w = useMemberWrite(() => reviewAdjustment(a.id, decision, reason));
  const value = `${a.valor > 0 ? '+' : ''}${a.valor} pontos`;
  return (
    <ConfirmDialog
      title={decision === 'aprovar' ? 'Aprovar ajuste' : 'Recusar ajuste'}
      confirmLabel={decision === 'aprovar' ? 'Aprovar e lançar' : 'Recusar'}
      danger={decision === 'recusar'}
      onClose={onClose}
      onConfirm={async () => {
        try {
          const r = await w.mutateAsync(undefined);
          notifySuccess(decision === 'aprovar' ? `Ajuste lançado. Saldo de ${a.membro.nome}: ${r.saldo} pontos.` : 'Ajuste recusado.');
        } catch (e) {
          notifyError(e);
          throw e;
        }
      }}
    >
      <p>
        {value} para {a.membro.nome}, pedido por {a.solicitante?.nome ?? '—'}: “{a.motivo}” ({a.referencia}).
        {decision === 'aprovar' ? ' O lançamento entra no extrato agora.' : ' Nada é lançado.'}
      </p>
      {decision === 'recusar' && (
        <div className="admin-campo membros-campo">
          <label htmlFor="recusa-motivo">Por que recusar</label>
          <input id="recusa-motivo" value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} />
        </div>
      )}
    </ConfirmDialog>
  );
}
