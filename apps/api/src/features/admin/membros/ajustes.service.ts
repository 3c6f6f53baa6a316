import { randomUUID } from 'node:crypto';
import { MEMBROS_MSG, type Ajuste, type AjusteInput, type StatusAjuste } from '@legiao/contracts/admin/membros';
import type { AdminPage } from '@legiao/contracts/admin/paging';
import type { Prisma } from '../../../generated/prisma/client.js';
import type { Db } from '../../../db/prisma.js';
import { conflict, forbidden, notFound } from '../../../errors/app-error.js';
import { recordAudit } from '../audit/audit.service.js';

import { emTransacao } from './transacao.js';
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

interface MembroTravado {
  id: string;
  excluido: boolean;
}

/** Locks the member's row for the rest of the transaction; 404 when there is none. */
export async function travarMembro(tx: Tx, membroId: string): Promise<MembroTravado> {
  const [row] = await tx.$queryRaw<{ id: string; excluido: boolean }[]>`
    SELECT id::text, excluido_em IS NOT NULL AS excluido FROM usuario WHERE id = ${membroId}::uuid FOR NO KEY UPDATE`;
  if (!row) throw notFound(MEMBROS_MSG.membroNaoEncontrado);
  return row;
}

/** The balance, read after the member's lock (a statement of its own). */
async function saldo(tx: Tx, membroId: string): Promise<number> {
  const [row] = await tx.$queryRaw<{ saldo: number }[]>`SELECT COALESCE(SUM(valor), 0)::int AS saldo FROM lancamento WHERE usuario_id = ${membroId}::uuid`;
  return row?.saldo ?? 0;
}

/** Writes the adjustment's entry, refusing a debit the balance cannot pay. Returns the new balance. */
async function lancar(tx: Tx, membroId: string, ajusteId: string, valor: number): Promise<number> {
  const atual = await saldo(tx, membroId);
  if (atual + valor < 0) throw conflict(`${MEMBROS_MSG.saldoNegativo} Saldo atual: ${atual} pontos.`, 'SALDO_INSUFICIENTE');
  await tx.lancamento.create({ data: { usuarioId: membroId, motivo: 'ajuste', valor, ajusteId } });
  return atual + valor;
}

type AjusteRow = Prisma.AjusteSaldoGetPayload<{ include: { usuario: { select: { id: true; nome: true; email: true } }; lancamento: { select: { id: true } } } }>;
const include = { usuario: { select: { id: true, nome: true, email: true } }, lancamento: { select: { id: true } } } as const;

async function toAjustes(db: Tx | Db, rows: AjusteRow[]): Promise<Ajuste[]> {
  const ids = [...new Set(rows.flatMap((r) => [r.solicitanteId, r.revisorId]).filter((x): x is string => !!x))];
  const pessoas = new Map((await db.usuario.findMany({ where: { id: { in: ids } }, select: { id: true, nome: true, email: true } })).map((p) => [p.id, p]));
  return rows.map((r) => ({
    id: r.id,
    membro: r.usuario,
    valor: r.valor,
    motivo: r.motivo,
    referencia: r.referencia,
    corrigeLancamentoId: r.corrigeLancamentoId,
    status: r.status,
    solicitante: pessoas.get(r.solicitanteId) ?? null,
    revisor: r.revisorId ? (pessoas.get(r.revisorId) ?? null) : null,
    motivoRecusa: r.motivoRecusa,
    criadoEm: r.criadoEm.toISOString(),
    revisadoEm: r.revisadoEm?.toISOString() ?? null,
    lancamentoId: r.lancamento?.id ?? null,
  }));
}

async function lerAjuste(tx: Tx, id: string): Promise<Ajuste> {
  const row = await tx.ajusteSaldo.findUniqueOrThrow({ where: { id }, include });
  return (await toAjustes(tx, [row]))[0]!;
}

/** The audit row of an adjustment: about the member (the member page lists it), with the adjustment. */
function auditar(tx: Tx, actor: Actor, action: string, membroId: string, before: Ajuste | null, after: Ajuste) {
  return recordAudit(tx, { actorId: actor.staffId, action, entity: 'membro', entityId: membroId, before, after, requestId: actor.requestId });
}

/**
 * A staff member asks for an adjustment: applied at once when |valor| <= limite, pending otherwise.
 * One transaction: lock, checks, the adjustment, its entry (if applied) and the audit row.
 */
export async function solicitarAjuste(db: Db, membroId: string, input: AjusteInput, limite: number, actor: Actor): Promise<{ ajuste: Ajuste; saldo: number }> {
  return emTransacao(db, async (tx) => {
    const membro = await travarMembro(tx, membroId);
    if (membro.excluido) throw conflict(MEMBROS_MSG.contaExcluida, 'CONTA_EXCLUIDA');
    if (input.corrigeLancamentoId) {
      const alvo = await tx.lancamento.findUnique({ where: { id: input.corrigeLancamentoId }, select: { usuarioId: true } });
      if (alvo?.usuarioId !== membroId) throw conflict(MEMBROS_MSG.lancamentoInvalido, 'LANCAMENTO_INVALIDO');
    }
    const aplicarJa = Math.abs(input.valor) <= limite;
    const id = randomUUID();
    await tx.ajusteSaldo.create({
      data: {
        id,
        usuarioId: membroId,
        valor: input.valor,
        motivo: input.motivo,
        referencia: input.referencia,
        corrigeLancamentoId: input.corrigeLancamentoId ?? null,
        status: aplicarJa ? 'aprovado' : 'pendente',
        solicitanteId: actor.staffId,
        revisadoEm: aplicarJa ? new Date() : null,
      },
    });
    // A pending debit is checked now too (no point waiting for approval of what can't be paid), and
    // again when approved: the balance may have moved in between.
    const novoSaldo = aplicarJa ? await lancar(tx, membroId, id, input.valor) : await conferirPendente(tx, membroId, input.valor);
    const ajuste = await lerAjuste(tx, id);
    await auditar(tx, actor, aplicarJa ? 'membro.ajuste.aplicar' : 'membro.ajuste.solicitar', membroId, null, ajuste);
    return { ajuste, saldo: novoSaldo };
  });
}

async function conferirPendente(tx: Tx, membroId: string, valor: number): Promise<number> {
  const atual = await saldo(tx, membroId);
  if (atual + valor < 0) throw conflict(`${MEMBROS_MSG.saldoNegativo} Saldo atual: ${atual} pontos.`, 'SALDO_INSUFICIENTE');
  return atual;
}

/** Locks a pending adjustment for its review; 404, 409 when reviewed, 403 for its own requester. */
async function travarPendente(tx: Tx, ajusteId: string, staffId: string) {
  const [row] = await tx.$queryRaw<{ usuario_id: string; status: StatusAjuste; solicitante_id: string; valor: number }[]>`
    SELECT usuario_id::text, status::text AS status, solicitante_id::text, valor FROM ajuste_saldo WHERE id = ${ajusteId}::uuid FOR UPDATE`;
  if (!row) throw notFound(MEMBROS_MSG.ajusteNaoEncontrado);
  if (row.status !== 'pendente') throw conflict(MEMBROS_MSG.ajusteJaRevisado, 'AJUSTE_JA_REVISADO');
  if (row.solicitante_id === staffId) throw forbidden(MEMBROS_MSG.aprovarProprio, 'QUATRO_OLHOS');
  return row;
}

/** A second staff member approves: the entry is written (or refused when the balance can't pay). */
export async function aprovarAjuste(db: Db, ajusteId: string, actor: Actor): Promise<{ ajuste: Ajuste; saldo: number }> {
  return emTransacao(db, async (tx) => {
    const pend = await travarPendente(tx, ajusteId, actor.staffId);
    const antes = await lerAjuste(tx, ajusteId);
    const membro = await travarMembro(tx, pend.usuario_id);
    if (membro.excluido) throw conflict(MEMBROS_MSG.contaExcluida, 'CONTA_EXCLUIDA');
    await tx.ajusteSaldo.update({ where: { id: ajusteId }, data: { status: 'aprovado', revisorId: actor.staffId, revisadoEm: new Date() } });
    const novoSaldo = await lancar(tx, pend.usuario_id, ajusteId, pend.valor);
    const ajuste = await lerAjuste(tx, ajusteId);
    await auditar(tx, actor, 'membro.ajuste.aprovar', pend.usuario_id, antes, ajuste);
    return { ajuste, saldo: novoSaldo };
  });
}

export async function recusarAjuste(db: Db, ajusteId: string, motivo: string, actor: Actor): Promise<{ ajuste: Ajuste; saldo: number }> {
  return emTransacao(db, async (tx) => {
    const pend = await travarPendente(tx, ajusteId, actor.staffId);
    const antes = await lerAjuste(tx, ajusteId);
    await tx.ajusteSaldo.update({ where: { id: ajusteId }, data: { status: 'recusado', revisorId: actor.staffId, revisadoEm: new Date(), motivoRecusa: motivo } });
    const ajuste = await lerAjuste(tx, ajusteId);
    await auditar(tx, actor, 'membro.ajuste.recusar', pend.usuario_id, antes, ajuste);
    return { ajuste, saldo: await saldo(tx, pend.usuario_id) };
  });
}

export async function listarAjustes(
  db: Db,
  q: { pagina: number; porPagina: number; ordem?: string; status?: StatusAjuste; membroId?: string },
): Promise<AdminPage<Ajuste>> {
  const where = { ...(q.status ? { status: q.status } : {}), ...(q.membroId ? { usuarioId: q.membroId } : {}) };
  const [total, rows] = await Promise.all([
    db.ajusteSaldo.count({ where }),
    db.ajusteSaldo.findMany({ where, include, orderBy: [{ criadoEm: q.ordem === 'criadoEm' ? 'asc' : 'desc' }, { id: 'asc' }], skip: (q.pagina - 1) * q.porPagina, take: q.porPagina }),
  ]);
  return { itens: await toAjustes(db as unknown as Tx, rows), total, pagina: q.pagina, porPagina: q.porPagina };
}
