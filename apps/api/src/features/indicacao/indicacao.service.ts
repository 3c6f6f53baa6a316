import type { FastifyInstance } from 'fastify';
import { REFERRAL_MSG, REFERRAL_QUERY_PARAM, POINTS, type ReferralCode, type ReferralSummary } from '@legiao/contracts';
import { forbidden } from '../../errors/app-error.js';
import { poolOf, Prisma } from '../../db/prisma.js';
import type { Usuario } from '../../generated/prisma/client.js';
import { digest, isUuid } from '../../lib/secrets.js';
import { userBalance } from '../ledger/ledger.service.js';

// Referrals (docs/decisions/0009-economy.md):
// - a sign-up carrying hashIndicacao (the referrer's public hash, from the link's ?r=) creates a
//   pending referral, in the sign-up's transaction;
// - it is confirmed, and the referrer credited PONTOS.indicacao once, when the referred member is
//   active AND has a verified purchase (not cancelled): checked when a verified purchase is
//   registered (features/compra/verified-purchases.ts), when the account is activated, and whenever
//   the referrer reads GET /indicacao (which catches any other way an account gets activated);
// - a referral whose friend's purchases were all cancelled by the store is 'estornada', its credit
//   reversed, and never confirmed again (features/compra/reversals.ts, ADR 0041);
// - fraud rules: staff don't take part; no self-referral (same account, or the same mobile number as
//   the referrer); a person (CPF, e-mail) is referred once ever, even after deleting the account
//   (unique digests); a referral is credited once (unique indicacao_id in the ledger).

type Db = Prisma.TransactionClient;

/** Keeps who was referred without keeping their CPF or e-mail in the referral itself. */
const key = (kind: 'cpf' | 'email', value: string) => digest(`legiao:indicacao:${kind}:${value.trim().toLowerCase()}`);

/** Staff have Friends & Family instead (spec 000 section 6: no referral balance or counts). */
export const participatesInProgram = (u: Pick<Usuario, 'tipo'>) => u.tipo !== 'colaborador';

/**
 * In the sign-up's transaction: the pending referral of a new member, when hashIndicacao names a
 * member who may refer them. Never fails the sign-up: an unknown hash or a rule that says no just
 * means no referral. Returns whether one was created.
 */
export async function recordReferral(tx: Db, newMember: Pick<Usuario, 'id' | 'cpf' | 'email' | 'celular'>, referralHash: string | null | undefined): Promise<boolean> {
  const hash = referralHash?.trim();
  if (!hash || !isUuid(hash) || !newMember.cpf) return false;
  const referrer = await tx.usuario.findUnique({ where: { hash }, select: { id: true, tipo: true, celular: true, cpf: true } });
  if (!referrer || !participatesInProgram(referrer)) return false;
  if (referrer.id === newMember.id || referrer.cpf === newMember.cpf) return false;
  if (referrer.celular && newMember.celular && referrer.celular === newMember.celular) return false; // the same person's second account
  // ON CONFLICT DO NOTHING: a CPF or e-mail already referred once (even by someone else) counts no more.
  const { count } = await tx.indicacao.createMany({
    data: [{ indicadorId: referrer.id, indicadoId: newMember.id, cpfDigest: key('cpf', newMember.cpf), emailDigest: key('email', newMember.email) }],
    skipDuplicates: true,
  });
  return count === 1;
}

/**
 * Confirms the pending referrals that are due, and credits each referrer once, in ONE statement
 * (so there is no window between the two). Filter by the referred member (after a purchase or an
 * activation) or by the referrer (GET /indicacao). Safe to run concurrently: the conditional
 * UPDATE confirms a referral once, and the ledger's unique indicacao_id refuses a second credit.
 * Returns how many were confirmed.
 */
export async function confirmReferrals(db: Db, filter: { indicadoId: string } | { indicadorId: string }): Promise<number> {
  const where = 'indicadoId' in filter ? Prisma.sql`i.indicado_id = ${filter.indicadoId}::uuid` : Prisma.sql`i.indicador_id = ${filter.indicadorId}::uuid`;
  return db.$executeRaw`WITH ${confirmed(where)} ${creditConfirmed}`;
}

/** The referrals that are due (active referred member with a verified purchase), confirmed. */
const confirmed = (where: Prisma.Sql) => Prisma.sql`
  confirmadas AS (
    UPDATE indicacao i SET status = 'confirmada', confirmada_em = now()
    WHERE ${where} AND i.status = 'pendente' AND i.indicador_id IS NOT NULL
      AND EXISTS (SELECT 1 FROM usuario u WHERE u.id = i.indicado_id AND u.ativo)
      AND EXISTS (SELECT 1 FROM produto_cliente pc WHERE pc.usuario_id = i.indicado_id AND pc.produto_validado AND pc.cancelado_em IS NULL)
    RETURNING i.id, i.indicador_id
  )`;
/** ...and each one's credit to its referrer, once (unique indicacao_id). */
const creditConfirmed = Prisma.sql`
  INSERT INTO lancamento (id, usuario_id, motivo, valor, indicacao_id)
  SELECT gen_random_uuid(), c.indicador_id, 'indicacao', ${POINTS.indicacao}::int, c.id FROM confirmadas c
  ON CONFLICT DO NOTHING`;

function assertParticipates(u: Pick<Usuario, 'tipo'>) {
  if (!participatesInProgram(u)) throw forbidden(REFERRAL_MSG.soMembros, 'INDICACAO_SO_MEMBROS');
}

/** GET /indicacao/codigo */
export function referralCode(app: FastifyInstance, u: Usuario): ReferralCode {
  assertParticipates(u);
  return { url: `${app.ctx.config.publicUrl}/?${REFERRAL_QUERY_PARAM}=${u.hash}`, codigo: u.hash };
}

interface ReferralLine {
  /** 'estornada' lines are listed in neither tab: the friend's purchase was cancelled (ADR 0041). */
  status: 'pendente' | 'confirmada' | 'estornada';
  email: string | null;
  criada_em: Date;
  confirmada_em: Date | null;
  valor: number | null;
  /** Pending, and its conditions now hold: confirmarIndicacoes would confirm it. */
  devida: boolean;
}

// The member's referrals, newest first, each with its credit and whether it is due now (the same
// conditions as `confirmadas` above). Plain SQL on the pg pool (docs/decisions/0017-api-speed.md).
const LIST_SQL = `
  SELECT i.status::text AS status, ind.email, i.criada_em, i.confirmada_em, l.valor,
         (i.status = 'pendente' AND COALESCE(ind.ativo, false)
          AND EXISTS (SELECT 1 FROM produto_cliente pc WHERE pc.usuario_id = i.indicado_id AND pc.produto_validado AND pc.cancelado_em IS NULL)) AS devida
  FROM indicacao i
  LEFT JOIN usuario ind ON ind.id = i.indicado_id
  LEFT JOIN lancamento l ON l.indicacao_id = i.id
  WHERE i.indicador_id = $1::uuid
  ORDER BY COALESCE(i.confirmada_em, i.criada_em) DESC, i.id`;

/**
 * GET /indicacao: counts, e-mails by tab, confirmations and the balance (`saldo`, read with the
 * session). Reading the list also confirms what is due (which catches any way an account got
 * activated): only when a referral is due does it take the confirming write and a second read.
 */
export async function referralSummary(app: FastifyInstance, u: Usuario, readBalance: number): Promise<ReferralSummary> {
  assertParticipates(u);
  const pool = poolOf(app.ctx.prisma);
  const read = async () => (await pool.query<ReferralLine>({ name: 'indicacao-lista', text: LIST_SQL, values: [u.id] })).rows;
  let lines = await read();
  let balance = readBalance;
  if (lines.some((l) => l.devida)) {
    await confirmReferrals(app.ctx.prisma, { indicadorId: u.id });
    [lines, balance] = await Promise.all([read(), userBalance(app.ctx.prisma, u.id)]);
  }
  const email = (l: ReferralLine) => l.email ?? REFERRAL_MSG.contaExcluida;
  const confirmed = lines.filter((l) => l.status === 'confirmada');
  const pending = lines.filter((l) => l.status === 'pendente');
  return {
    confirmados: confirmed.length,
    pendentes: pending.length,
    saldo: balance,
    confirmacoes: confirmed.map((l) => ({ email: email(l), dataIndicacao: l.criada_em.toISOString(), dataConfirmacao: (l.confirmada_em ?? l.criada_em).toISOString(), valor: l.valor ?? 0 })),
    emailsConfirmados: confirmed.map(email),
    emailsPendentes: pending.map(email),
    valorIndicacao: POINTS.indicacao,
  };
}
