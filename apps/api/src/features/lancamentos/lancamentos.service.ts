import { LAUNCH_MSG, LAUNCH_TIME_ZONE, launchRuleSchema, type LaunchRule, type LaunchStatus, type MemberLaunch } from '@legiao/contracts/lancamentos';
import type { Entitlement, EntitlementQuery } from '@legiao/contracts/integracao/lancamentos';
import type { SqlPool } from '../../db/prisma.js';
import { notFound } from '../../errors/app-error.js';
import { newAccessCode } from './access-code.js';
import { memberDecisions, type DecisionCache } from './decision-cache.js';
import { decide, type Decision, type RuleContext, type RuleTarget } from './rule-engine.js';
import { saoPauloIso } from './time.js';
import { alertStateOf, alertStates } from './alert-request.js';
import type { LaunchAlertState } from '@legiao/contracts/lancamentos-aviso';

// Launches, the member's and the store's side (issue 31; docs/decisions/0047-launches.md). Reads
// go straight to the pg pool (named statements for the fixed ones): these are the launch crowd's calls.

export interface LaunchRow {
  id: string;
  slug: string;
  nome: string;
  url_imagem: string;
  sobre: string;
  cores: { nome: string; hex: string }[];
  produtos: { nome: string; urlImagem: string }[];
  skus: string[];
  acesso_inicio: Date;
  acesso_fim: Date;
  data_publica: Date;
  cota_por_membro: number;
  regra: unknown;
  status: LaunchStatus;
}

/** The launch row's columns as LaunchRow reads them (also the store's orders: integracao/pedidos.launches.ts). */
export const LAUNCH_COLUMNS = `id::text AS id, slug, nome, url_imagem, sobre, cores, produtos, skus, acesso_inicio, acesso_fim, data_publica, cota_por_membro, regra, status::text AS status`;

/** The published launches members still wait for (before their public date), the soonest first; `version`: the row's xmin (decision-cache.ts). */
export async function upcomingLaunches(pool: SqlPool, now: Date): Promise<(LaunchRow & { version: string })[]> {
  const { rows } = await pool.query<LaunchRow & { version: string }>({
    name: 'lancamentos-publicados',
    text: `SELECT ${LAUNCH_COLUMNS}, xmin::text AS version FROM lancamento_produto WHERE status = 'publicado' AND data_publica > $1 ORDER BY acesso_inicio, id`,
    values: [now],
  });
  return rows;
}

/** A published launch by its slug (what members and the store name); 404 otherwise. */
export async function publishedLaunch(pool: SqlPool, slug: string): Promise<LaunchRow> {
  const { rows } = await pool.query<LaunchRow>({ name: 'lancamento-por-slug', text: `SELECT ${LAUNCH_COLUMNS} FROM lancamento_produto WHERE slug = $1 AND status = 'publicado'`, values: [slug] });
  if (!rows[0]) throw notFound(LAUNCH_MSG.naoEncontrado);
  return rows[0];
}

/** The stored rule, as the contract reads it (every write validated it). */
export const ruleOf = (launch: { regra: unknown }): LaunchRule => launchRuleSchema.parse(launch.regra);

/** The early-access window: from its start (inclusive) to its end (exclusive). */
export const inWindow = (launch: Pick<LaunchRow, 'acesso_inicio' | 'acesso_fim'>, now: Date) => launch.acesso_inicio.getTime() <= now.getTime() && now.getTime() < launch.acesso_fim.getTime();

/** The member's access row for a launch, made if missing; answers its code. A code collision (50 bits: rare) is retried. */
export async function ensureAccess(pool: SqlPool, launchId: string, userId: string): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    try {
      const { rows } = await pool.query<{ codigo: string }>({
        name: 'acesso-antecipado-criar',
        text: `WITH novo AS (
                 INSERT INTO acesso_antecipado (id, lancamento_id, usuario_id, codigo, atualizado_em) VALUES (gen_random_uuid(), $1, $2, $3, now())
                 ON CONFLICT (lancamento_id, usuario_id) DO NOTHING RETURNING codigo)
               SELECT codigo FROM novo UNION ALL SELECT codigo FROM acesso_antecipado WHERE lancamento_id = $1 AND usuario_id = $2 LIMIT 1`,
        values: [launchId, userId, newAccessCode()],
      });
      // A concurrent first view inserted it between our snapshot and the insert: read it now.
      if (rows[0]) return rows[0].codigo;
      const again = await pool.query<{ codigo: string }>('SELECT codigo FROM acesso_antecipado WHERE lancamento_id = $1 AND usuario_id = $2', [launchId, userId]);
      return again.rows[0]!.codigo;
    } catch (err) {
      if ((err as { code?: string; constraint?: string }).constraint === 'acesso_antecipado_codigo_key' && attempt < 3) continue;
      throw err;
    }
  }
}

export interface ViewOptions {
  storeUrl: string;
  /** Make the access row when the member is eligible in the window (the member's own view); a preview only reads. */
  createAccess: boolean;
  /** The member's "Avise-me" for this launch (the member's own list reads it; a preview shows none). */
  alert?: LaunchAlertState;
}

const NO_ALERT: LaunchAlertState = { pedido: false, avisadoEm: null, emailConsentido: false };

/** A member's view; in a preview the access may have no code yet. */
export type LaunchView = Omit<MemberLaunch, 'acesso'> & { acesso: { codigo: string | null; link: string | null; cotaRestante: number } | null };

export const accessLink = (storeUrl: string, code: string) => `${storeUrl}/?acesso=${encodeURIComponent(code)}`;

/** The launch as one member sees it (GET /api/lancamentos's item). */
export async function memberView(pool: SqlPool, launch: LaunchRow, userId: string, ctx: RuleContext, opts: ViewOptions): Promise<LaunchView> {
  const decision = await decide(pool, ruleOf(launch), { userId }, ctx, { launchId: launch.id });
  return viewOf(pool, launch, userId, decision, ctx.now, opts);
}

async function viewOf(pool: SqlPool, launch: LaunchRow, userId: string, decision: Decision | null, now: Date, opts: ViewOptions): Promise<LaunchView> {
  const eligible = decision?.eligible ?? false;
  const open = inWindow(launch, now);
  let access: { codigo: string | null; link: string | null; cotaRestante: number } | null = null;
  if (eligible && open) {
    const code = decision!.code ?? (opts.createAccess ? await ensureAccess(pool, launch.id, userId) : null);
    access = { codigo: code, link: code ? accessLink(opts.storeUrl, code) : null, cotaRestante: Math.max(0, launch.cota_por_membro - decision!.used) };
  }
  return {
    slug: launch.slug,
    nome: launch.nome,
    urlImagem: launch.url_imagem,
    abas: { sobre: launch.sobre, cores: launch.cores, produtos: launch.produtos },
    acessoInicio: saoPauloIso(launch.acesso_inicio),
    acessoFim: saoPauloIso(launch.acesso_fim),
    dataPublica: saoPauloIso(launch.data_publica),
    fusoHorario: LAUNCH_TIME_ZONE as typeof LAUNCH_TIME_ZONE,
    cotaPorMembro: launch.cota_por_membro,
    elegivel: eligible,
    motivos: decision?.reasons ?? [],
    abreEm: saoPauloIso(eligible ? launch.acesso_inicio : launch.data_publica),
    emJanela: open,
    acesso: access,
    aviso: opts.alert ?? NO_ALERT,
  };
}

/**
 * GET /api/lancamentos: every launch the member still waits for, as they see it. `seen` hears which
 * launches were shown (the launch day's "vistos", launch-views.ts).
 */
export async function memberLaunches(
  pool: SqlPool,
  userId: string,
  ctx: RuleContext,
  storeUrl: string,
  seen?: (shown: { launchId: string; eligible: boolean }[]) => void,
  cache: DecisionCache = memberDecisions,
): Promise<MemberLaunch[]> {
  const ticket = cache.ticket();
  const launches = await upcomingLaunches(pool, ctx.now);
  // One more indexed read, only when something is listed: the member's "Avise-me" rows and e-mail consent.
  const alerts = launches.length ? await alertStates(pool, userId) : null;
  const views: LaunchView[] = [];
  for (const l of launches) {
    // The decision of the last few seconds for this version of the launch (decision-cache.ts), else
    // the rule's query; the access code is made before it is kept, so a kept decision has its code.
    const key = `${l.id}:${l.version}`;
    let decision = cache.get(userId, key)?.decision;
    if (decision === undefined) {
      decision = await decide(pool, ruleOf(l), { userId }, ctx, { launchId: l.id });
      if (decision?.eligible && !decision.code && inWindow(l, ctx.now)) decision = { ...decision, code: await ensureAccess(pool, l.id, userId) };
      cache.set(userId, key, decision, ticket);
    }
    views.push(await viewOf(pool, l, userId, decision, ctx.now, { storeUrl, createAccess: true, alert: alertStateOf(l.id, alerts!) }));
  }
  seen?.(launches.map((l, i) => ({ launchId: l.id, eligible: views[i]!.elegivel })));
  return views as MemberLaunch[];
}

/**
 * The store's question (GET /api/integracao/v1/lancamentos/{slug}/direito): is this e-mail, CPF or
 * code entitled now, and how many units are left. A code stands for its owner; with an e-mail or CPF
 * too, it must be that person's (else: not entitled). Nothing about the person comes back. `found`:
 * the launch already read (the route's per-process cache, launch-cache.ts).
 */
export async function entitlement(pool: SqlPool, slug: string, q: EntitlementQuery, ctx: RuleContext, found?: { launch: LaunchRow; rule: LaunchRule }): Promise<Entitlement> {
  const launch = found?.launch ?? (await publishedLaunch(pool, slug));
  const target: Exclude<RuleTarget, { all: true }> =
    q.codigo !== undefined ? { code: q.codigo, launchId: launch.id, ...(q.email !== undefined ? { email: q.email } : {}), ...(q.cpf !== undefined ? { cpf: q.cpf } : {}) } : q.email !== undefined ? { email: q.email } : { cpf: q.cpf! };
  const decision = await decide(pool, found?.rule ?? ruleOf(launch), target, ctx, { launchId: launch.id });
  const eligible = decision?.eligible ?? false;
  const total = eligible ? launch.cota_por_membro : 0;
  const used = decision?.used ?? 0;
  return {
    elegivel: eligible,
    emJanela: inWindow(launch, ctx.now),
    cotaTotal: total,
    cotaUsada: used,
    cotaRestante: Math.max(0, total - used),
    abreEm: saoPauloIso(eligible ? launch.acesso_inicio : launch.data_publica),
    fechaEm: eligible ? saoPauloIso(launch.acesso_fim) : null,
  };
}
