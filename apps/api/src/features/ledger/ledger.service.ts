import { POINTS, type StatementReason } from '@legiao/contracts';
import type { Prisma } from '../../generated/prisma/client.js';
import type { MotivoLancamento } from '../../generated/prisma/enums.js';

// The ledger (table lancamento): every change of a member's balance is one appended row with a
// motivo, a value in pontos, a date and its cause. The balance is SUM(valor), never stored or edited;
// it may go below zero when a store order is cancelled after its points were spent (ADR 0041).
// The database enforces the rest: a cause is credited once (unique cause columns, one
// Enriquecimento per member), each motivo has its cause and sign (CHECK), rows are never updated
// or deleted (trigger). docs/decisions/0009-economy.md

/** Anything that runs queries: the client or an interactive transaction. */
type Db = Prisma.TransactionClient;

const STATEMENT_REASON: Record<Exclude<MotivoLancamento, 'estorno'>, StatementReason> = {
  compra: 'Compra',
  indicacao: 'Indicação',
  enriquecimento_perfil: 'Enriquecimento de Perfil',
  resgate_beneficio: 'Resgate de Benefício',
  ajuste: 'Ajuste de Saldo',
};

/**
 * How the statement names an entry. A reversal (ADR 0041) is named by what it takes back: the credit
 * of a purchase the store cancelled, or the referral that purchase alone had confirmed.
 */
export function statementReason(reason: MotivoLancamento, reversed?: MotivoLancamento | null): StatementReason {
  if (reason === 'estorno') return reversed === 'indicacao' ? 'Estorno: indicação' : 'Estorno: compra cancelada';
  return STATEMENT_REASON[reason];
}

/** The member's balance in pontos. */
export async function userBalance(db: Db, userId: string): Promise<number> {
  const [row] = await db.$queryRaw<{ saldo: number }[]>`SELECT COALESCE(SUM(valor), 0)::int AS saldo FROM lancamento WHERE usuario_id = ${userId}::uuid`;
  return row?.saldo ?? 0;
}

/**
 * The Compra credit of one verified purchase entry, in the transaction that verified it. Idempotent:
 * a second call for the same entry adds nothing (unique produto_cliente_id). Returns true when credited.
 */
export async function creditPurchase(tx: Db, userId: string, memberProductId: string): Promise<boolean> {
  const { count } = await tx.lancamento.createMany({
    data: [{ usuarioId: userId, motivo: 'compra', valor: POINTS.compra, produtoClienteId: memberProductId }],
    skipDuplicates: true,
  });
  return count === 1;
}

/**
 * The one-time Enriquecimento de Perfil credit, for the personalisation survey to call when a
 * member completes it (in its own transaction). Idempotent: a partial unique index allows one per
 * member, so calling it again, or twice at once, credits once. Returns true when credited.
 */
export async function creditProfileEnrichment(tx: Db, userId: string): Promise<boolean> {
  const { count } = await tx.lancamento.createMany({
    data: [{ usuarioId: userId, motivo: 'enriquecimento_perfil', valor: POINTS.enriquecimentoPerfil }],
    skipDuplicates: true,
  });
  return count === 1;
}
