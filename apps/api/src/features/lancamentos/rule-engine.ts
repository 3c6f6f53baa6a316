import { LAUNCH_ACHIEVEMENT_SEALS, launchAchievementName, type LaunchCondition, type LaunchReason, type LaunchRule } from '@legiao/contracts/lancamentos';
import { EXPERIENCE_NAME, type Experience } from '@legiao/contracts/conquista';
import type pg from 'pg';
import type { SqlPool } from '../../db/prisma.js';
import { prepared } from '../../db/prepared.js';
import { verifiedPurchaseSql } from '../compra/verified-purchases.js';
import { collectionEntrySql, confirmedReferralSql, legionDaysSql } from '../conquista/conquista.service.js';

// The launches' eligibility rule in SQL (docs/decisions/0047-launches.md). ONE translation of a rule
// serves the three questions:
//   1. how many members it selects (the back office's preview, before saving): countEligible;
//   2. one member's decision with the reason of each condition (the member's list, the preview as a
//      member, the member's back-office page): decide;
//   3. the store's entitlement check by e-mail, CPF or access code: decide with an identity target.
// The query starts from `alvo`, the accounts in question (every account of the audience, or the one
// an id, e-mail, CPF or code names), and LEFT JOINs one aggregate per condition computed only for
// `alvo`'s ids: for 100,000 members the planner hashes each table once (set-based, no per-member
// subquery); for one member it walks the indexes by usuario_id. Every measure is the portal's own
// definition: verified purchases (compra/verified-purchases.ts), the balance as the statement sums it
// (lancamento), the seals' measures (conquista.service.ts), the account's kind and state (usuario).

export interface RuleContext {
  now: Date;
  /** config.foundersUntil: the founder seal's cut-off (ADR 0013). */
  foundersUntil: Date;
}

/** Whose decision: everyone (count), or the one account named. */
export type RuleTarget =
  | { all: true }
  | { userId: string }
  /** Several accounts by id at once (the store's order batch: one statement for its buyers). */
  | { userIds: string[] }
  | { email: string }
  | { cpf: string }
  /** The owner of an access code of `launchId`; with email or cpf, only if the code is that person's. */
  | { code: string; launchId: string; email?: string; cpf?: string };

class Params {
  readonly values: unknown[] = [];
  add(v: unknown, cast: string): string {
    this.values.push(v);
    return `$${this.values.length}::${cast}`;
  }
  /** A parameter added on first use only (PostgreSQL cannot type a parameter the text never names). */
  once(v: unknown, cast: string, wrap: (ref: string) => string = (r) => r): () => string {
    let ref: string | undefined;
    return () => (ref ??= wrap(this.add(v, cast)));
  }
}

interface Check {
  condition: LaunchCondition;
  met: string;
  value: string | null;
  join: string | null;
  name: string | null;
}

/** The kinds of account a rule considers: legionários, plus staff and leads when the rule includes them. */
export function audienceKinds(rule: LaunchRule): string[] {
  const kinds = ['legionario'];
  if (rule.condicoes.some((c) => c.tipo === 'incluirColaboradores')) kinds.push('colaborador');
  if (rule.condicoes.some((c) => c.tipo === 'incluirLeads')) kinds.push('lead');
  return kinds;
}

/**
 * Restricts an aggregate to `alvo`'s accounts: for one account, an index walk by usuario_id; for
 * everyone (the count), nothing: the whole table aggregated once with a hash is cheaper than 100,000
 * index lookups, and the LEFT JOIN to `alvo` keeps only the audience.
 */
const inTarget = (column: string) => `${column} IN (SELECT id FROM alvo)`;
const everyone = () => 'TRUE';

function translate(condition: LaunchCondition, i: number, p: Params, at: () => string, foundersUntil: () => string, scope: (column: string) => string): Check | null {
  const d = `d${i}`;
  const aggregate = (select: string) => `LEFT JOIN (${select}) ${d} ON ${d}.usuario_id = alvo.id`;
  const count = `COALESCE(${d}.v, 0)`;
  switch (condition.tipo) {
    case 'incluirColaboradores':
    case 'incluirLeads':
      return null; // part of the audience (publico)
    case 'legionarioAtivo':
      return { condition, met: 'alvo.ativo', value: null, join: null, name: null };
    case 'comprasVerificadas':
      return {
        condition,
        met: `${count} >= ${p.add(condition.minimo, 'int')}`,
        value: count,
        join: aggregate(`SELECT pc.usuario_id, count(*)::int AS v FROM produto_cliente pc WHERE ${scope('pc.usuario_id')} AND ${verifiedPurchaseSql('pc')} GROUP BY pc.usuario_id`),
        name: null,
      };
    case 'possuiCategoria':
      return {
        condition,
        met: `${count} > 0`,
        value: null,
        join: aggregate(
          `SELECT pc.usuario_id, count(*)::int AS v FROM produto_cliente pc JOIN produto p ON p.id = pc.produto_id WHERE ${scope('pc.usuario_id')} AND ${verifiedPurchaseSql('pc')} AND ${collectionEntrySql('pc')} AND p.categoria = ${p.add(condition.categoria, 'text')} GROUP BY pc.usuario_id`,
        ),
        name: null,
      };
    case 'possuiProduto': {
      const id = p.add(condition.produtoId, 'int');
      return {
        condition,
        met: `${count} > 0`,
        value: null,
        join: aggregate(`SELECT pc.usuario_id, count(*)::int AS v FROM produto_cliente pc WHERE ${scope('pc.usuario_id')} AND pc.produto_id = ${id} AND ${verifiedPurchaseSql('pc')} AND ${collectionEntrySql('pc')} GROUP BY pc.usuario_id`),
        name: `(SELECT nome FROM produto WHERE id = ${id})`,
      };
    }
    case 'saldoMinimo':
      // The balance: SUM(valor) of the member's ledger entries, as the statement and the home show it (ADR 0009).
      return {
        condition,
        met: `${count} >= ${p.add(condition.minimo, 'int')}`,
        value: count,
        join: aggregate(`SELECT l.usuario_id, SUM(l.valor)::int AS v FROM lancamento l WHERE ${scope('l.usuario_id')} GROUP BY l.usuario_id`),
        name: null,
      };
    case 'conquista': {
      const key = condition.chave;
      if (!(key in LAUNCH_ACHIEVEMENT_SEALS)) {
        // An event badge: a redeemed benefit of that experience (GET /Conquista's experiencias).
        return {
          condition,
          met: `${count} > 0`,
          value: null,
          join: aggregate(
            `SELECT r.usuario_id, count(*)::int AS v FROM resgate r JOIN beneficio b ON b.id = r.beneficio_id WHERE ${scope('r.usuario_id')} AND b.experiencia::text = ${p.add(key, 'text')} GROUP BY r.usuario_id`,
          ),
          name: null,
        };
      }
      const seal = LAUNCH_ACHIEVEMENT_SEALS[key as keyof typeof LAUNCH_ACHIEVEMENT_SEALS];
      const min = p.once(seal.minimo, 'int'); // not for the founder seal: an unused parameter has no type
      switch (seal.grupo) {
        case 'tempo': {
          const days = legionDaysSql('alvo', at());
          return { condition, met: `${days} >= ${min()}`, value: days, join: null, name: null };
        }
        case 'indicacao':
          return {
            condition,
            met: `${count} >= ${min()}`,
            value: count,
            join: aggregate(`SELECT i.indicador_id AS usuario_id, count(*)::int AS v FROM indicacao i WHERE ${scope('i.indicador_id')} AND ${confirmedReferralSql('i')} GROUP BY i.indicador_id`),
            name: null,
          };
        case 'colecao':
          return {
            condition,
            met: `${count} >= ${min()}`,
            value: count,
            join: aggregate(`SELECT pc.usuario_id, count(DISTINCT pc.produto_id)::int AS v FROM produto_cliente pc WHERE ${scope('pc.usuario_id')} AND ${collectionEntrySql('pc')} GROUP BY pc.usuario_id`),
            name: null,
          };
        case 'fundador':
          return { condition, met: `alvo.data_cadastro < ${foundersUntil()}`, value: null, join: null, name: null };
      }
    }
  }
}

interface Built {
  text: string;
  values: unknown[];
  checks: Check[];
}

/** The rule as one SELECT over `alvo`: per account, conta, publico, m<i> (met), v<i> (its measure), n<i> (a name). */
function build(rule: LaunchRule, target: RuleTarget, ctx: RuleContext, access?: { launchId: string }): Built {
  const p = new Params();
  // Columns are timestamp(3) in UTC (Prisma's DateTime): the instants as UTC wall clocks.
  const at = p.once(ctx.now.toISOString(), 'timestamptz', (r) => `(${r} AT TIME ZONE 'UTC')`);
  const foundersUntil = p.once(ctx.foundersUntil.toISOString(), 'timestamptz', (r) => `(${r} AT TIME ZONE 'UTC')`);
  // Compared as the enum (not tipo::text), so the planner keeps the column's statistics.
  const kinds = p.add(audienceKinds(rule), '"TipoUsuario"[]');
  const accountOk = (u: string) => `(${u}.bloqueado_em IS NULL AND ${u}.excluido_em IS NULL)`;
  const inAudience = (u: string) => `(${u}.tipo = ANY (${kinds}))`;

  let where: string;
  if ('all' in target) where = `${accountOk('u')} AND ${inAudience('u')}`;
  else if ('userId' in target) where = `u.id = ${p.add(target.userId, 'uuid')}`;
  else if ('userIds' in target) where = `u.id = ANY (${p.add(target.userIds, 'uuid[]')})`;
  else if ('code' in target) {
    where = `u.id = (SELECT a.usuario_id FROM acesso_antecipado a WHERE a.codigo = ${p.add(target.code, 'text')} AND a.lancamento_id = ${p.add(target.launchId, 'uuid')})`;
    if (target.email !== undefined) where += ` AND u.email = ${p.add(target.email, 'text')}`;
    if (target.cpf !== undefined) where += ` AND u.cpf = ${p.add(target.cpf, 'text')}`;
  } else if ('email' in target) where = `u.email = ${p.add(target.email, 'text')}`;
  else where = `u.cpf = ${p.add(target.cpf, 'text')}`;

  const scope = 'all' in target ? everyone : inTarget;
  const checks = rule.condicoes.map((c, i) => translate(c, i, p, at, foundersUntil, scope)).filter((c): c is Check => c !== null);
  const columns = [`alvo.id::text AS id`, `alvo.tipo::text AS tipo`, `${accountOk('alvo')} AS conta`, `${inAudience('alvo')} AS publico`];
  checks.forEach((c, i) => {
    columns.push(`(${c.met}) AS m${i}`);
    if (c.value) columns.push(`${c.value} AS v${i}`);
    if (c.name) columns.push(`${c.name} AS n${i}`);
  });
  const joins = checks.map((c) => c.join).filter(Boolean);
  if (access) {
    columns.push('aa.codigo AS codigo', 'COALESCE(aa.cota_usada, 0)::int AS cota_usada');
    joins.push(`LEFT JOIN acesso_antecipado aa ON aa.usuario_id = alvo.id AND aa.lancamento_id = ${p.add(access.launchId, 'uuid')}`);
  }
  const text = `WITH alvo AS MATERIALIZED (
      SELECT u.id, u.tipo, u.ativo, u.ativado_em, u.data_cadastro, u.bloqueado_em, u.excluido_em FROM usuario u WHERE ${where})
    SELECT ${columns.join(', ')} FROM alvo ${joins.join(' ')}`;
  return { text, values: p.values, checks };
}

/** How many accounts the rule selects now: the same query, counted where every condition holds. */
export async function countEligible(pool: SqlPool, rule: LaunchRule, ctx: RuleContext): Promise<number> {
  const q = build(rule, { all: true }, ctx);
  const all = ['r.conta', 'r.publico', ...q.checks.map((_, i) => `r.m${i}`)].join(' AND ');
  // count(*) FILTER, not WHERE: a WHERE would be pushed down into `alvo`, whose estimate would then
  // multiply every condition's selectivity into "a few rows" and the planner would re-run each
  // aggregate per member (nested loops); counted after the joins, each table is hashed once.
  const { rows } = await pool.query<{ total: number }>(`SELECT (count(*) FILTER (WHERE ${all}))::int AS total FROM (${q.text}) r`, q.values);
  return rows[0]!.total;
}

export interface Decision {
  userId: string;
  eligible: boolean;
  reasons: LaunchReason[];
  /** With `access`: the member's early-access row, if made. */
  code: string | null;
  used: number;
}

/** The one account the target names (null: none) and whether the rule selects it, condition by condition (on the pool, or on a transaction's connection). */
export async function decide(pool: SqlPool | pg.ClientBase, rule: LaunchRule, target: Exclude<RuleTarget, { all: true } | { userIds: string[] }>, ctx: RuleContext, access?: { launchId: string }): Promise<Decision | null> {
  const { q, rows } = await run(pool, rule, target, ctx, access);
  return rows[0] ? decisionOf(rule, q, rows[0]) : null;
}

/** The decisions of several accounts by id in one statement (absent: no such account). */
export async function decideMany(pool: SqlPool | pg.ClientBase, rule: LaunchRule, userIds: string[], ctx: RuleContext, access?: { launchId: string }): Promise<Map<string, Decision>> {
  const out = new Map<string, Decision>();
  if (!userIds.length) return out;
  const { q, rows } = await run(pool, rule, { userIds }, ctx, access);
  for (const row of rows) out.set(row.id as string, decisionOf(rule, q, row));
  return out;
}

async function run(pool: SqlPool | pg.ClientBase, rule: LaunchRule, target: Exclude<RuleTarget, { all: true }>, ctx: RuleContext, access?: { launchId: string }) {
  const q = build(rule, target, ctx, access);
  // Named by its text (a launch's rule for one kind of target: a handful per launch), so each
  // connection parses and plans it once: this is the store's crowd's query (GET .../direito).
  const { rows } = await pool.query<Record<string, unknown>>(prepared(q.text, q.values));
  return { q, rows };
}

function decisionOf(rule: LaunchRule, q: Built, row: Record<string, unknown>): Decision {
  const reasons: LaunchReason[] = [audienceReason(rule, row)];
  q.checks.forEach((c, i) => reasons.push(reasonOf(c.condition, row[`m${i}`] === true, row[`v${i}`] as number | undefined, row[`n${i}`] as string | null | undefined)));
  return { userId: row.id as string, eligible: reasons.every((r) => r.atendida), reasons, code: (row.codigo as string | null) ?? null, used: (row.cota_usada as number | undefined) ?? 0 };
}

// --- The reasons, in Portuguese --------------------------------------------------------------------

const KIND_WORDS: Record<string, string> = { legionario: 'legionários', colaborador: 'colaboradores', lead: 'leads' };
const list = (words: string[]) => (words.length <= 1 ? words.join('') : `${words.slice(0, -1).join(', ')} e ${words.at(-1)}`);
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function audienceReason(rule: LaunchRule, row: Record<string, unknown>): LaunchReason {
  const kinds = audienceKinds(rule);
  const ok = row.conta === true && row.publico === true;
  let hint: string | null = null;
  let description = `Para ${list(kinds.map((k) => KIND_WORDS[k]!))} com a conta em dia.`;
  if (row.conta !== true) description += ' Esta conta está bloqueada ou foi excluída.';
  else if (row.publico !== true) description += ` ${KIND_WORDS[row.tipo as string]?.replace(/^./, (c) => c.toUpperCase()) ?? 'Este tipo de conta'} não participam deste lançamento.`;
  // A lead becomes a legionário with a first verified purchase (ADR 0009): something they can do.
  if (!ok && row.conta === true && row.tipo === 'lead') hint = 'Faça a sua primeira compra na loja para virar legionário.';
  return { tipo: 'publico', atendida: ok, descricao: description, dica: ok ? null : hint };
}

function reasonOf(c: LaunchCondition, met: boolean, value: number | undefined, name: string | null | undefined): LaunchReason {
  const r = (description: string, hint: string | null): LaunchReason => ({ tipo: c.tipo, atendida: met, descricao: description, dica: met ? null : hint });
  const has = value ?? 0;
  switch (c.tipo) {
    case 'legionarioAtivo':
      return r('Conta ativada.', 'Ative a sua conta pelo link que enviamos por e-mail.');
    case 'comprasVerificadas':
      return r(`${plural(c.minimo, 'compra verificada', 'compras verificadas')}.`, `Tenha ${plural(c.minimo, 'compra verificada', 'compras verificadas')} (você tem ${has}).`);
    case 'possuiCategoria':
      return r(`Um produto da categoria ${c.categoria}.`, `Tenha um produto da categoria ${c.categoria}, com a compra verificada.`);
    case 'possuiProduto': {
      const product = name ?? `#${c.produtoId}`;
      return r(`O produto ${product}.`, `Tenha o produto ${product}, com a compra verificada.`);
    }
    case 'saldoMinimo':
      return r(`Saldo de ${plural(c.minimo, 'ponto', 'pontos')}.`, `Tenha ${plural(c.minimo, 'ponto', 'pontos')} de saldo (você tem ${has}).`);
    case 'conquista': {
      const title = launchAchievementName(c.chave);
      if (!(c.chave in LAUNCH_ACHIEVEMENT_SEALS)) return r(`A experiência ${EXPERIENCE_NAME[c.chave as Experience]}.`, `Resgate um benefício da experiência ${EXPERIENCE_NAME[c.chave as Experience]}.`);
      const seal = LAUNCH_ACHIEVEMENT_SEALS[c.chave as keyof typeof LAUNCH_ACHIEVEMENT_SEALS];
      const description = `A conquista ${title}.`;
      switch (seal.grupo) {
        case 'tempo':
          return r(description, `Conquiste ${title}: ${plural(seal.minimo, 'dia', 'dias')} de Legião (você tem ${has}).`);
        case 'indicacao':
          return r(description, `Conquiste ${title}: ${plural(seal.minimo, 'indicação confirmada', 'indicações confirmadas')} (você tem ${has}).`);
        case 'colecao':
          return r(description, `Conquiste ${title}: ${plural(seal.minimo, 'produto', 'produtos')} na coleção (você tem ${has}).`);
        case 'fundador':
          return r(description, null);
      }
    }
    // eslint-disable-next-line no-fallthrough
    default:
      return r(c.tipo, null);
  }
}
