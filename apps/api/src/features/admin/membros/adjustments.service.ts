import { randomUUID } from 'node:crypto';
import { MEMBERS_MSG, type Adjustment, type AdjustmentInput, type AdjustmentStatus } from '@legiao/contracts/admin/membros';
import type { AdminPage } from '@legiao/contracts/admin/paging';
import type { Prisma } from '../../../generated/prisma/client.js';
import type { Db } from '../../../db/prisma.js';
import { conflict, forbidden, notFound } from '../../../errors/app-error.js';
import { recordAudit } from '../audit/audit.service.js';

import { inTransaction } from './transaction.js';
// Staff ledger adjustments (issue 17 item 4; docs/decisions/0031-back-office-members.md). An
// adjustment never edits an entry: it appends one (motivo 'ajuste'), optionally naming the entry it
// corrects. Up to the threshold it is applied at once; above it, it waits for a second staff member.
// A debit is refused when it would take the balance below zero, checked the way redemptions do it
// (ADR 0009): the member's row is locked first (FOR NO KEY UPDATE), then the balance is read in a
// later statement, whose snapshot includes every debit committed before the lock was granted.

type Tx = Prisma.TransactionClient;

export interface Actor {
  staffId: string;
  requestId: string;
}

interface LockedMember {
  id: string;
  excluido: boolean;
}

/** Locks the member's row for the rest of the transaction; 404 when there is none. */
export async function lockMember(tx: Tx, memberId: string): Promise<LockedMember> {
  const [row] = await tx.$queryRaw<{ id: string; excluido: boolean }[]>`
    SELECT id::text, excluido_em IS NOT NULL AS excluido FROM usuario WHERE id = ${memberId}::uuid FOR NO KEY UPDATE`;
  if (!row) throw notFound(MEMBERS_MSG.membroNaoEncontrado);
  return row;
}

/** The balance, read after the member's lock (a statement of its own). */
async function balance(tx: Tx, memberId: string): Promise<number> {
  const [row] = await tx.$queryRaw<{ saldo: number }[]>`SELECT COALESCE(SUM(valor), 0)::int AS saldo FROM lancamento WHERE usuario_id = ${memberId}::uuid`;
  return row?.saldo ?? 0;
}

/** Writes the adjustment's entry, refusing a debit the balance cannot pay. Returns the new balance. */
async function postEntry(tx: Tx, memberId: string, adjustmentId: string, value: number): Promise<number> {
  const current = await balance(tx, memberId);
  if (current + value < 0) throw conflict(`${MEMBERS_MSG.saldoNegativo} Saldo atual: ${current} pontos.`, 'SALDO_INSUFICIENTE');
  await tx.lancamento.create({ data: { usuarioId: memberId, motivo: 'ajuste', valor: value, ajusteId: adjustmentId } });
  return current + value;
}

type AdjustmentRow = Prisma.AjusteSaldoGetPayload<{ include: { usuario: { select: { id: true; nome: true; email: true } }; lancamento: { select: { id: true } } } }>;
const include = { usuario: { select: { id: true, nome: true, email: true } }, lancamento: { select: { id: true } } } as const;

async function toAdjustments(db: Tx | Db, rows: AdjustmentRow[]): Promise<Adjustment[]> {
  const ids = [...new Set(rows.flatMap((r) => [r.solicitanteId, r.revisorId]).filter((x): x is string => !!x))];
  const people = new Map((await db.usuario.findMany({ where: { id: { in: ids } }, select: { id: true, nome: true, email: true } })).map((p) => [p.id, p]));
  return rows.map((r) => ({
    id: r.id,
    membro: r.usuario,
    valor: r.valor,
    motivo: r.motivo,
    referencia: r.referencia,
    corrigeLancamentoId: r.corrigeLancamentoId,
    status: r.status,
    solicitante: people.get(r.solicitanteId) ?? null,
    revisor: r.revisorId ? (people.get(r.revisorId) ?? null) : null,
    motivoRecusa: r.motivoRecusa,
    criadoEm: r.criadoEm.toISOString(),
    revisadoEm: r.revisadoEm?.toISOString() ?? null,
    lancamentoId: r.lancamento?.id ?? null,
  }));
}

async function readAdjustment(tx: Tx, id: string): Promise<Adjustment> {
  const row = await tx.ajusteSaldo.findUniqueOrThrow({ where: { id }, include });
  return (await toAdjustments(tx, [row]))[0]!;
}

/** The audit row of an adjustment: about the member (the member page lists it), with the adjustment. */
function audit(tx: Tx, actor: Actor, action: string, memberId: string, before: Adjustment | null, after: Adjustment) {
  return recordAudit(tx, { actorId: actor.staffId, action, entity: 'membro', entityId: memberId, before, after, requestId: actor.requestId });
}

/**
 * A staff member asks for an adjustment: applied at once when |valor| <= limite, pending otherwise.
 * One transaction: lock, checks, the adjustment, its entry (if applied) and the audit row.
 */
export async function requestAdjustment(db: Db, memberId: string, input: AdjustmentInput, limit: number, actor: Actor): Promise<{ ajuste: Adjustment; saldo: number }> {
  return inTransaction(db, async (tx) => {
    const member = await lockMember(tx, memberId);
    if (member.excluido) throw conflict(MEMBERS_MSG.contaExcluida, 'CONTA_EXCLUIDA');
    if (input.corrigeLancamentoId) {
      const target = await tx.lancamento.findUnique({ where: { id: input.corrigeLancamentoId }, select: { usuarioId: true } });
      if (target?.usuarioId !== memberId) throw conflict(MEMBERS_MSG.lancamentoInvalido, 'LANCAMENTO_INVALIDO');
    }
    const applyNow = Math.abs(input.valor) <= limit;
    const id = randomUUID();
    await tx.ajusteSaldo.create({
      data: {
        id,
        usuarioId: memberId,
        valor: input.valor,
        motivo: input.motivo,
        referencia: input.referencia,
        corrigeLancamentoId: input.corrigeLancamentoId ?? null,
        status: applyNow ? 'aprovado' : 'pendente',
        solicitanteId: actor.staffId,
        revisadoEm: applyNow ? new Date() : null,
      },
    });
    // A pending debit is checked now too (no point waiting for approval of what can't be paid), and
    // again when approved: the balance may have moved in between.
    const newBalance = applyNow ? await postEntry(tx, memberId, id, input.valor) : await checkPending(tx, memberId, input.valor);
    const adjustment = await readAdjustment(tx, id);
    await audit(tx, actor, applyNow ? 'membro.ajuste.aplicar' : 'membro.ajuste.solicitar', memberId, null, adjustment);
    return { ajuste: adjustment, saldo: newBalance };
  });
}

async function checkPending(tx: Tx, memberId: string, value: number): Promise<number> {
  const current = await balance(tx, memberId);
  if (current + value < 0) throw conflict(`${MEMBERS_MSG.saldoNegativo} Saldo atual: ${current} pontos.`, 'SALDO_INSUFICIENTE');
  return current;
}

/** Locks a pending adjustment for its review; 404, 409 when reviewed, 403 for its own requester. */
async function lockPending(tx: Tx, adjustmentId: string, staffId: string) {
  const [row] = await tx.$queryRaw<{ usuario_id: string; status: AdjustmentStatus; solicitante_id: string; valor: number }[]>`
    SELECT usuario_id::text, status::text AS status, solicitante_id::text, valor FROM ajuste_saldo WHERE id = ${adjustmentId}::uuid FOR UPDATE`;
  if (!row) throw notFound(MEMBERS_MSG.ajusteNaoEncontrado);
  if (row.status !== 'pendente') throw conflict(MEMBERS_MSG.ajusteJaRevisado, 'AJUSTE_JA_REVISADO');
  if (row.solicitante_id === staffId) throw forbidden(MEMBERS_MSG.aprovarProprio, 'QUATRO_OLHOS');
  return row;
}

/** A second staff member approves: the entry is written (or refused when the balance can't pay). */
export async function approveAdjustment(db: Db, adjustmentId: string, actor: Actor): Promise<{ ajuste: Adjustment; saldo: number }> {
  return inTransaction(db, async (tx) => {
    const pend = await lockPending(tx, adjustmentId, actor.staffId);
    const before = await readAdjustment(tx, adjustmentId);
    const member = await lockMember(tx, pend.usuario_id);
    if (member.excluido) throw conflict(MEMBERS_MSG.contaExcluida, 'CONTA_EXCLUIDA');
    await tx.ajusteSaldo.update({ where: { id: adjustmentId }, data: { status: 'aprovado', revisorId: actor.staffId, revisadoEm: new Date() } });
    const newBalance = await postEntry(tx, pend.usuario_id, adjustmentId, pend.valor);
    const adjustment = await readAdjustment(tx, adjustmentId);
    await audit(tx, actor, 'membro.ajuste.aprovar', pend.usuario_id, before, adjustment);
    return { ajuste: adjustment, saldo: newBalance };
  });
}

export async function refuseAdjustment(db: Db, adjustmentId: string, reason: string, actor: Actor): Promise<{ ajuste: Adjustment; saldo: number }> {
  return inTransaction(db, async (tx) => {
    const pend = await lockPending(tx, adjustmentId, actor.staffId);
    const before = await readAdjustment(tx, adjustmentId);
    await tx.ajusteSaldo.update({ where: { id: adjustmentId }, data: { status: 'recusado', revisorId: actor.staffId, revisadoEm: new Date(), motivoRecusa: reason } });
    const adjustment = await readAdjustment(tx, adjustmentId);
    await audit(tx, actor, 'membro.ajuste.recusar', pend.usuario_id, before, adjustment);
    return { ajuste: adjustment, saldo: await balance(tx, pend.usuario_id) };
  });
}

export async function listAdjustments(
  db: Db,
  q: { pagina: number; porPagina: number; ordem?: string; status?: AdjustmentStatus; membroId?: string },
): Promise<AdminPage<Adjustment>> {
  const where = { ...(q.status ? { status: q.status } : {}), ...(q.membroId ? { usuarioId: q.membroId } : {}) };
  const [total, rows] = await Promise.all([
    db.ajusteSaldo.count({ where }),
    db.ajusteSaldo.findMany({ where, include, orderBy: [{ criadoEm: q.ordem === 'criadoEm' ? 'asc' : 'desc' }, { id: 'asc' }], skip: (q.pagina - 1) * q.porPagina, take: q.porPagina }),
  ]);
  return { itens: await toAdjustments(db as unknown as Tx, rows), total, pagina: q.pagina, porPagina: q.porPagina };
}
