import { EXPERIENCES, ACHIEVEMENT_THRESHOLDS, ACHIEVEMENT_PROFILES, type Achievement, type Experience } from '@legiao/contracts/conquista';
import type { SqlPool } from '../../db/prisma.js';
import type { Usuario } from '../../generated/prisma/client.js';

// Achievements (spec 000 section 3; spec 001 sections 2.22, 3, 4), computed from the member's own
// data on every call: nothing is stored, so a seal can never disagree with the data behind it.
// Thresholds and why: docs/decisions/0013-conquistas.md.

const DAY_MS = 24 * 3600_000;

/** Level n = the first n thresholds reached (cumulative); 0 when even the first isn't. */
export function level(value: number, thresholds: readonly number[]): number {
  return thresholds.filter((l) => value >= l).length;
}

/** Whole days since the account was activated (dataCadastro when it has no activation date). */
export function legionDays(u: Pick<Usuario, 'ativadoEm' | 'dataCadastro'>, now: Date): number {
  const since = u.ativadoEm ?? u.dataCadastro;
  return Math.max(0, Math.floor((now.getTime() - since.getTime()) / DAY_MS));
}

/**
 * The measures behind the seals, as SQL over a row alias, shared with the launches' rule engine
 * (features/lancamentos/rule-engine.ts) so "Mestre" means the same thing in both places.
 */
/** An entry of the collection as GET /produto/cliente shows it (not cancelled; not every verified unit given away). */
export const collectionEntrySql = (pc: string) => `${pc}.cancelado_em IS NULL AND NOT (${pc}.produto_validado AND ${pc}.quantidade_presente >= ${pc}.quantidade)`;
/** A referral that counts for the seals: confirmed (pending ones don't). */
export const confirmedReferralSql = (i: string) => `${i}.status = 'confirmada'`;
/** Whole days of Legião at an instant (legionDays): since the activation, dataCadastro when never activated. `at` is a timestamp in UTC. */
export const legionDaysSql = (u: string, at: string) => `GREATEST(0, floor(extract(epoch FROM (${at} - COALESCE(${u}.ativado_em, ${u}.data_cadastro))) / 86400))::int`;

interface Counts {
  indicacoes: number;
  produtos: number;
  numero: number | null;
  experiencias: string[];
}

/**
 * Everything that needs the database in ONE round trip (the home calls this for every member):
 * - confirmed referrals made by the member;
 * - distinct catalogue products in the collection as GET /produto/cliente shows it (a product whose
 *   every verified unit was bought to give away is not on the member's shelf);
 * - the lowest legion number among the member's verified pieces;
 * (a purchase the store cancelled counts for neither: ADR 0041)
 * - the experience keys of the benefits the member redeemed.
 */
async function count(pool: SqlPool, userId: string): Promise<Counts> {
  const { rows: [row] } = await pool.query<Counts>({ name: 'conquista-contagens', values: [userId], text: `
    SELECT
      (SELECT count(*)::int FROM indicacao i WHERE i.indicador_id = $1::uuid AND ${confirmedReferralSql('i')}) AS indicacoes,
      (SELECT count(DISTINCT pc.produto_id)::int FROM produto_cliente pc
        WHERE pc.usuario_id = $1::uuid AND ${collectionEntrySql('pc')}) AS produtos,
      (SELECT min(n.numero)::int FROM numero_legionario n JOIN produto_cliente pc ON pc.id = n.produto_cliente_id
        WHERE pc.usuario_id = $1::uuid AND pc.cancelado_em IS NULL) AS numero,
      ARRAY(SELECT DISTINCT b.experiencia::text FROM resgate r JOIN beneficio b ON b.id = r.beneficio_id
        WHERE r.usuario_id = $1::uuid AND b.experiencia IS NOT NULL) AS experiencias` });
  return row!;
}

/** GET /Conquista: the caller's achievements. Staff and leads get an answer too; the web decides what to show. */
export async function achievementsOf(
  pool: SqlPool,
  u: Pick<Usuario, 'id' | 'perfil' | 'ativadoEm' | 'dataCadastro'>,
  opts: { foundersUntil: Date; now?: Date },
): Promise<Achievement> {
  const now = opts.now ?? new Date();
  const c = await count(pool, u.id);
  const days = legionDays(u, now);
  const earned = new Set(c.experiencias);
  return {
    numeroLegionario: c.numero,
    membroFundador: u.dataCadastro < opts.foundersUntil,
    perfil: (ACHIEVEMENT_PROFILES as readonly string[]).includes(u.perfil ?? '') ? (u.perfil as Achievement['perfil']) : null,
    nivelTempo: level(days, ACHIEVEMENT_THRESHOLDS.tempoDias),
    nivelIndicacao: level(c.indicacoes, ACHIEVEMENT_THRESHOLDS.indicacoesConfirmadas),
    nivelColecao: level(c.produtos, ACHIEVEMENT_THRESHOLDS.produtosNaColecao),
    // In the contract's order, so the badges carousel is stable.
    experiencias: EXPERIENCES.filter((e: Experience) => earned.has(e)),
    progresso: { diasDeLegiao: days, indicacoesConfirmadas: c.indicacoes, produtosNaColecao: c.produtos },
  };
}
