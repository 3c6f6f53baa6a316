import type { FastifyInstance } from 'fastify';
import { INDICACAO_MSG, INDICACAO_QUERY_PARAM, PONTOS, type IndicacaoCodigo, type IndicacaoResumo } from '@legiao/contracts';
import { forbidden } from '../../errors/app-error.js';
import { poolOf, Prisma } from '../../db/prisma.js';
import type { Usuario } from '../../generated/prisma/client.js';
import { digest, isUuid } from '../../lib/secrets.js';
import { saldoDoUsuario } from '../ledger/ledger.service.js';

// Referrals (docs/decisions/0009-economy.md):
// - a sign-up carrying hashIndicacao (the referrer's public hash, from the link's ?r=) creates a
//   pending referral, in the sign-up's transaction;
// - it is confirmed, and the referrer credited PONTOS.indicacao once, when the referred member is
//   active AND has a verified purchase: checked when a verified purchase is registered, when the
//   account is activated, and whenever the referrer reads GET /indicacao (which catches any other
//   way an account gets activated);
// - fraud rules: staff don't take part; no self-referral (same account, or the same mobile number as
//   the referrer); a person (CPF, e-mail) is referred once ever, even after deleting the account
//   (unique digests); a referral is credited once (unique indicacao_id in the ledger).

type Db = Prisma.TransactionClient;

/** Keeps who was referred without keeping their CPF or e-mail in the referral itself. */
const chave = (tipo: 'cpf' | 'email', valor: string) => digest(`legiao:indicacao:${tipo}:${valor.trim().toLowerCase()}`);

/** Staff have Friends & Family instead (spec 000 section 6: no referral balance or counts). */
export const participaDoPrograma = (u: Pick<Usuario, 'tipo'>) => u.tipo !== 'colaborador';

/**
 * In the sign-up's transaction: the pending referral of a new member, when hashIndicacao names a
 * member who may refer them. Never fails the sign-up: an unknown hash or a rule that says no just
 * means no referral. Returns whether one was created.
 */
export async function registrarIndicacao(tx: Db, novo: Pick<Usuario, 'id' | 'cpf' | 'email' | 'celular'>, hashIndicacao: string | null | undefined): Promise<boolean> {
  const hash = hashIndicacao?.trim();
  if (!hash || !isUuid(hash) || !novo.cpf) return false;
  const indicador = await tx.usuario.findUnique({ where: { hash }, select: { id: true, tipo: true, celular: true, cpf: true } });
  if (!indicador || !participaDoPrograma(indicador)) return false;
  if (indicador.id === novo.id || indicador.cpf === novo.cpf) return false;
  if (indicador.celular && novo.celular && indicador.celular === novo.celular) return false; // the same person's second account
  // ON CONFLICT DO NOTHING: a CPF or e-mail already referred once (even by someone else) counts no more.
  const { count } = await tx.indicacao.createMany({
    data: [{ indicadorId: indicador.id, indicadoId: novo.id, cpfDigest: chave('cpf', novo.cpf), emailDigest: chave('email', novo.email) }],
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
export async function confirmarIndicacoes(db: Db, filtro: { indicadoId: string } | { indicadorId: string }): Promise<number> {
  const onde = 'indicadoId' in filtro ? Prisma.sql`i.indicado_id = ${filtro.indicadoId}::uuid` : Prisma.sql`i.indicador_id = ${filtro.indicadorId}::uuid`;
  return db.$executeRaw`WITH ${confirmadas(onde)} ${creditarConfirmadas}`;
}

/**
 * What a verified purchase earns, in ONE statement of the transaction that verifies it (one round
 * trip: concurrent imports of a product queue on its row lock in that transaction): the entry's
 * Compra credit, and the confirmation, with its credit, of the member's referral if it was waiting
 * for a purchase.
 */
export async function creditarCompraVerificada(tx: Db, usuarioId: string, produtoClienteId: string): Promise<void> {
  await tx.$executeRaw`
    WITH compra AS (
      INSERT INTO lancamento (id, usuario_id, motivo, valor, produto_cliente_id)
      VALUES (gen_random_uuid(), ${usuarioId}::uuid, 'compra', ${PONTOS.compra}::int, ${produtoClienteId}::uuid)
      ON CONFLICT DO NOTHING
    ), ${confirmadas(Prisma.sql`i.indicado_id = ${usuarioId}::uuid`)} ${creditarConfirmadas}`;
}

/** The referrals that are due (active referred member with a verified purchase), confirmed. */
const confirmadas = (onde: Prisma.Sql) => Prisma.sql`
  confirmadas AS (
    UPDATE indicacao i SET status = 'confirmada', confirmada_em = now()
    WHERE ${onde} AND i.status = 'pendente' AND i.indicador_id IS NOT NULL
      AND EXISTS (SELECT 1 FROM usuario u WHERE u.id = i.indicado_id AND u.ativo)
      AND EXISTS (SELECT 1 FROM produto_cliente pc WHERE pc.usuario_id = i.indicado_id AND pc.produto_validado)
    RETURNING i.id, i.indicador_id
  )`;
/** ...and each one's credit to its referrer, once (unique indicacao_id). */
const creditarConfirmadas = Prisma.sql`
  INSERT INTO lancamento (id, usuario_id, motivo, valor, indicacao_id)
  SELECT gen_random_uuid(), c.indicador_id, 'indicacao', ${PONTOS.indicacao}::int, c.id FROM confirmadas c
  ON CONFLICT DO NOTHING`;

function assertParticipa(u: Pick<Usuario, 'tipo'>) {
  if (!participaDoPrograma(u)) throw forbidden(INDICACAO_MSG.soMembros, 'INDICACAO_SO_MEMBROS');
}

/** GET /indicacao/codigo */
export function codigoIndicacao(app: FastifyInstance, u: Usuario): IndicacaoCodigo {
  assertParticipa(u);
  return { url: `${app.ctx.config.publicUrl}/?${INDICACAO_QUERY_PARAM}=${u.hash}`, codigo: u.hash };
}

interface LinhaIndicacao {
  status: 'pendente' | 'confirmada';
  email: string | null;
  criada_em: Date;
  confirmada_em: Date | null;
  valor: number | null;
  /** Pending, and its conditions now hold: confirmarIndicacoes would confirm it. */
  devida: boolean;
}

// The member's referrals, newest first, each with its credit and whether it is due now (the same
// conditions as `confirmadas` above). Plain SQL on the pg pool (docs/decisions/0017-api-speed.md).
const LISTA_SQL = `
  SELECT i.status::text AS status, ind.email, i.criada_em, i.confirmada_em, l.valor,
         (i.status = 'pendente' AND COALESCE(ind.ativo, false)
          AND EXISTS (SELECT 1 FROM produto_cliente pc WHERE pc.usuario_id = i.indicado_id AND pc.produto_validado)) AS devida
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
export async function resumoIndicacao(app: FastifyInstance, u: Usuario, saldoLido: number): Promise<IndicacaoResumo> {
  assertParticipa(u);
  const pool = poolOf(app.ctx.prisma);
  const ler = async () => (await pool.query<LinhaIndicacao>({ name: 'indicacao-lista', text: LISTA_SQL, values: [u.id] })).rows;
  let linhas = await ler();
  let saldo = saldoLido;
  if (linhas.some((l) => l.devida)) {
    await confirmarIndicacoes(app.ctx.prisma, { indicadorId: u.id });
    [linhas, saldo] = await Promise.all([ler(), saldoDoUsuario(app.ctx.prisma, u.id)]);
  }
  const email = (l: LinhaIndicacao) => l.email ?? INDICACAO_MSG.contaExcluida;
  const confirmadas = linhas.filter((l) => l.status === 'confirmada');
  const pendentes = linhas.filter((l) => l.status === 'pendente');
  return {
    confirmados: confirmadas.length,
    pendentes: pendentes.length,
    saldo,
    confirmacoes: confirmadas.map((l) => ({ email: email(l), dataIndicacao: l.criada_em.toISOString(), dataConfirmacao: (l.confirmada_em ?? l.criada_em).toISOString(), valor: l.valor ?? 0 })),
    emailsConfirmados: confirmadas.map(email),
    emailsPendentes: pendentes.map(email),
    valorIndicacao: PONTOS.indicacao,
  };
}
