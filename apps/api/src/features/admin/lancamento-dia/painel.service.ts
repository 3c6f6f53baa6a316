import { LAUNCH_DAY_CSV_HEADER, type LaunchDayAlerts, type LaunchDayMinute, type LaunchDayPanel, type LaunchDayRoom } from '@legiao/contracts/admin/lancamentos-painel';
import { LAUNCH_MSG, type LaunchStatus } from '@legiao/contracts/lancamentos';
import type { SqlPool } from '../../../db/prisma.js';
import { notFound } from '../../../errors/app-error.js';
import { countEligible, type RuleContext } from '../../lancamentos/rule-engine.js';
import { ruleOf } from '../../lancamentos/lancamentos.service.js';
import { saoPauloIso } from '../../lancamentos/time.js';

// The launch day's numbers (issue 31 item 4; docs/decisions/0047-launches.md, part 2). Each is a
// count over rows the day already writes, read on indexes of this launch only:
// - eligible: the rule's count (rule-engine.ts), cached per launch and process for ELIGIBLE_TTL_MS;
// - seen / accessed: lancamento_visualizacao (first view; acessado_em, first opening of the access);
// - ordered: members whose acesso_antecipado.cota_usada > 0, timed by their first non-cancelled order
//   in lancamento_pedido (part 2's orders) when that table exists here, else by the row's
//   atualizado_em (its last change: then a member's "first order" may show later than it was);
// - units used: SUM(LEAST(cota_usada, cota)) of acesso_antecipado, the exact counter orders keep.

const MINUTE = 60_000;
/** The page's series shows the last day at most (1,441 rows); the CSV up to the whole window, 14 days. */
export const PAGE_SPAN_MS = 24 * 60 * MINUTE;
export const CSV_SPAN_MS = 14 * 24 * 60 * MINUTE;
/** The series starts this long before the window opens: the crowd (and the waiting room) arrive early. */
export const LEAD_MS = 30 * MINUTE;
const ELIGIBLE_TTL_MS = 30_000;

interface LaunchRow {
  id: string;
  slug: string;
  nome: string;
  status: LaunchStatus;
  acesso_inicio: Date;
  acesso_fim: Date;
  data_publica: Date;
  cota_por_membro: number;
  regra: unknown;
}

export async function launchById(pool: SqlPool, id: string): Promise<LaunchRow> {
  const { rows } = await pool.query<LaunchRow>({
    name: 'lancamento-dia-lancamento',
    text: `SELECT id::text AS id, slug, nome, status::text AS status, acesso_inicio, acesso_fim, data_publica, cota_por_membro, regra FROM lancamento_produto WHERE id = $1`,
    values: [id],
  });
  if (!rows[0]) throw notFound(LAUNCH_MSG.naoEncontrado);
  return rows[0];
}

/**
 * The rule's count per launch, at most ELIGIBLE_TTL_MS old: a 6-condition rule on 100,000 members takes
 * about a second, and several staff screens refresh every 5 s. One count at a time per launch (the
 * screens arriving meanwhile share it). Per process: processes may differ by up to the TTL.
 */
export class EligibleCache {
  private readonly entries = new Map<string, { at: number; total: Promise<number> }>();
  constructor(private readonly ttlMs = ELIGIBLE_TTL_MS) {}

  get(pool: SqlPool, launch: LaunchRow, ctx: RuleContext): Promise<{ total: number; at: number }> {
    const now = ctx.now.getTime();
    const hit = this.entries.get(launch.id);
    if (hit && now - hit.at < this.ttlMs) return hit.total.then((total) => ({ total, at: hit.at }));
    const total = countEligible(pool, ruleOf(launch), ctx);
    const entry = { at: now, total };
    this.entries.set(launch.id, entry);
    // A failed count is not kept: the next refresh counts again.
    total.catch(() => this.entries.get(launch.id) === entry && this.entries.delete(launch.id));
    if (this.entries.size > 200) this.entries.delete(this.entries.keys().next().value!);
    return total.then((t) => ({ total: t, at: now }));
  }
}

/** Part 2's orders table, when this database has it (another branch adds it; read only if present). */
async function hasOrdersTable(pool: SqlPool): Promise<boolean> {
  const { rows } = await pool.query<{ ok: boolean }>(`SELECT to_regclass('lancamento_pedido') IS NOT NULL AS ok`);
  return rows[0]!.ok;
}

/**
 * Each member who ordered (units of the allowance used now: the exact counter, so a member whose
 * orders were all cancelled is not counted), with the moment of their first order: part 2's
 * lancamento_pedido when this database has it, else the access row's last change.
 */
const ORDERED_WITH_ORDERS = `SELECT a.usuario_id, COALESCE(p.t, a.atualizado_em AT TIME ZONE 'UTC') AS t FROM acesso_antecipado a
  LEFT JOIN (SELECT usuario_id, min(criado_em) AS t FROM lancamento_pedido WHERE lancamento_id = $1 AND cancelado_em IS NULL GROUP BY usuario_id) p USING (usuario_id)
  WHERE a.lancamento_id = $1 AND a.cota_usada > 0`;
// atualizado_em is a UTC timestamp(3) (Prisma's @updatedAt): read as the instant it is, whatever the session's zone.
const ORDERED_FROM_ACCESS = `SELECT usuario_id, atualizado_em AT TIME ZONE 'UTC' AS t FROM acesso_antecipado WHERE lancamento_id = $1 AND cota_usada > 0`;

const floorMinute = (t: number) => Math.floor(t / MINUTE) * MINUTE;

/** The series' minutes: from LEAD_MS before the opening to now (or the window's end), the last `span` at most. */
export function seriesRange(launch: Pick<LaunchRow, 'acesso_inicio' | 'acesso_fim'>, now: Date, span: number): { from: number; to: number } | null {
  const to = floorMinute(Math.min(now.getTime(), launch.acesso_fim.getTime() - 1));
  let from = floorMinute(launch.acesso_inicio.getTime() - LEAD_MS);
  if (to < from) return null;
  if (to - from > span) from = to - span;
  return { from, to };
}

interface Totals {
  vistos: number;
  vistosElegiveis: number;
  acessaram: number;
  pediram: number;
  unidadesUsadas: number;
}

/** Far past every series: with no series yet, every event counts as "before". */
const NO_SERIES = new Date('9999-01-01T00:00:00Z');

/**
 * Each event's minute, or NULL before the series ($2) so it only counts toward the running totals'
 * start; clamped to the series' last minute ($3) (a clock a little ahead must not drop one).
 */
const bucket = (col: string) => `CASE WHEN ${col} < $2 THEN NULL ELSE LEAST(date_trunc('minute', ${col}), $3) END`;

/**
 * Everything in two scans of this launch's rows (one of lancamento_visualizacao, one of its access
 * rows), grouped by minute: the totals are the sum of the buckets. Measured on 100,000 views: three
 * count(*)s plus per-minute range queries cost 3 to 4 times this (ADR 0047, part 2).
 */
async function readNumbers(pool: SqlPool, launch: LaunchRow, range: { from: number; to: number } | null) {
  const from = range ? new Date(range.from) : NO_SERIES;
  const to = range ? new Date(range.to) : NO_SERIES;
  const views = await pool.query<{ b: Date | null; v: number; e: number; a: number }>(
    `WITH vis AS MATERIALIZED (SELECT primeira_em, acessado_em, elegivel FROM lancamento_visualizacao WHERE lancamento_id = $1)
     SELECT b, sum(v)::int AS v, sum(e)::int AS e, sum(a)::int AS a FROM (
       SELECT ${bucket('primeira_em')} AS b, 1 AS v, elegivel::int AS e, 0 AS a FROM vis
       UNION ALL SELECT ${bucket('acessado_em')}, 0, 0, 1 FROM vis WHERE acessado_em IS NOT NULL) x
     GROUP BY b`,
    [launch.id, from, to],
  );
  const units = await pool.query<{ n: number }>(`SELECT COALESCE(sum(LEAST(cota_usada, $2)), 0)::int AS n FROM acesso_antecipado WHERE lancamento_id = $1`, [launch.id, launch.cota_por_membro]);
  const orderedBy = async (ordered: string) =>
    (await pool.query<{ b: Date | null; o: number }>(`SELECT ${bucket('t')} AS b, count(*)::int AS o FROM (${ordered}) x GROUP BY 1`, [launch.id, from, to])).rows;
  let orders: { b: Date | null; o: number }[] | null = null;
  if (await hasOrdersTable(pool)) {
    try {
      orders = await orderedBy(ORDERED_WITH_ORDERS);
    } catch (err) {
      // The orders table is there but not in the shape this reads (42703: no such column): the counter's fallback.
      if ((err as { code?: string }).code !== '42703') throw err;
    }
  }
  orders ??= await orderedBy(ORDERED_FROM_ACCESS);
  const room = range
    ? (
        await pool.query<{ minuto: Date; aguardando: number; admissoes: number }>(
          `SELECT minuto AT TIME ZONE 'UTC' AS minuto, aguardando, admissoes FROM painel_minuto WHERE minuto >= ($1::timestamptz AT TIME ZONE 'UTC') AND minuto <= ($2::timestamptz AT TIME ZONE 'UTC')`,
          [from, to],
        )
      ).rows
    : [];

  const totals: Totals = { vistos: 0, vistosElegiveis: 0, acessaram: 0, pediram: 0, unidadesUsadas: units.rows[0]!.n };
  const acc = { vistos: 0, acessaram: 0, pediram: 0 };
  const perMinute = new Map<number, { vistos: number; acessaram: number; pediram: number }>();
  const slot = (b: Date) => perMinute.get(b.getTime()) ?? perMinute.set(b.getTime(), { vistos: 0, acessaram: 0, pediram: 0 }).get(b.getTime())!;
  for (const r of views.rows) {
    totals.vistos += r.v;
    totals.vistosElegiveis += r.e;
    totals.acessaram += r.a;
    if (r.b === null) {
      acc.vistos += r.v;
      acc.acessaram += r.a;
    } else {
      slot(r.b).vistos += r.v;
      slot(r.b).acessaram += r.a;
    }
  }
  for (const r of orders) {
    totals.pediram += r.o;
    if (r.b === null) acc.pediram += r.o;
    else slot(r.b).pediram += r.o;
  }
  const roomAt = new Map(room.map((r) => [r.minuto.getTime(), r]));
  const minutes: LaunchDayMinute[] = [];
  if (range) {
    for (let m = range.from; m <= range.to; m += MINUTE) {
      const here = perMinute.get(m) ?? { vistos: 0, acessaram: 0, pediram: 0 };
      acc.vistos += here.vistos;
      acc.acessaram += here.acessaram;
      acc.pediram += here.pediram;
      const r = roomAt.get(m);
      minutes.push({
        minuto: saoPauloIso(new Date(m)),
        ...here,
        vistosAcumulado: acc.vistos,
        acessaramAcumulado: acc.acessaram,
        pediramAcumulado: acc.pediram,
        filaAguardando: r ? r.aguardando : null,
        filaAdmissoes: r ? r.admissoes : null,
      });
    }
  }
  return { totals, minutes };
}

/**
 * "Avise-me" and its waves: one pass over this launch's alert rows grouped by wave and state (index
 * lancamento_id, status, onda), its waves, and who arrived after their alert.
 */
async function readAlerts(pool: SqlPool, launch: LaunchRow): Promise<LaunchDayAlerts> {
  const [byState, waves, problems, bound] = await Promise.all([
    pool.query<{ onda: number | null; status: string; n: number; chegaram: number }>({
      name: 'lancamento-dia-avisos',
      text: `SELECT a.onda, a.status::text AS status, count(*)::int AS n,
               count(*) FILTER (WHERE a.status = 'enviado' AND v.acessado_em >= a.enviado_em)::int AS chegaram
             FROM lancamento_aviso a LEFT JOIN lancamento_visualizacao v ON v.lancamento_id = a.lancamento_id AND v.usuario_id = a.usuario_id
             WHERE a.lancamento_id = $1 GROUP BY 1, 2`,
      values: [launch.id],
    }),
    pool.query<{ numero: number; criada_em: Date; tamanho: number; restantes: number; fila_aguardando: number; fila_admissoes: number; taxa: number; ritmo: number; piso: number }>({
      name: 'lancamento-dia-ondas',
      text: `SELECT numero, criada_em, tamanho, restantes, fila_aguardando, fila_admissoes, taxa, ritmo, piso FROM lancamento_aviso_onda WHERE lancamento_id = $1 ORDER BY numero`,
      values: [launch.id],
    }),
    pool.query<{ status: 'ignorado' | 'falhou' | 'incerto' | 'devolvido'; motivo: string; total: number }>({
      name: 'lancamento-dia-avisos-problemas',
      text: `SELECT status::text AS status, COALESCE(motivo, '') AS motivo, count(*)::int AS total FROM lancamento_aviso
             WHERE lancamento_id = $1 AND status IN ('ignorado', 'falhou', 'incerto', 'devolvido') GROUP BY 1, 2 ORDER BY 3 DESC, 1, 2 LIMIT 10`,
      values: [launch.id],
    }),
    pool.query<{ prazo: number }>({ name: 'lancamento-dia-prazo', text: `SELECT aviso_prazo_min AS prazo FROM lancamento_produto WHERE id = $1`, values: [launch.id] }),
  ]);
  const totals = { pedidos: 0, cancelados: 0, aguardandoOnda: 0, emEnvio: 0, enviados: 0, ignorados: 0, falharam: 0, incertos: 0, devolvidos: 0, chegaram: 0 };
  const perWave = new Map<number, { enviados: number; ignorados: number; falharam: number; incertos: number; devolvidos: number; pendentes: number; chegaram: number }>();
  const field: Record<string, keyof typeof totals> = {
    pedido: 'aguardandoOnda',
    reservado: 'emEnvio',
    enviando: 'emEnvio',
    enviado: 'enviados',
    ignorado: 'ignorados',
    falhou: 'falharam',
    incerto: 'incertos',
    devolvido: 'devolvidos',
    cancelado: 'cancelados',
  };
  for (const r of byState.rows) {
    totals[field[r.status]!] += r.n;
    if (r.status !== 'cancelado') totals.pedidos += r.n;
    totals.chegaram += r.chegaram;
    if (r.onda === null) continue;
    const w = perWave.get(r.onda) ?? { enviados: 0, ignorados: 0, falharam: 0, incertos: 0, devolvidos: 0, pendentes: 0, chegaram: 0 };
    if (r.status === 'enviado') w.enviados += r.n;
    else if (r.status === 'ignorado') w.ignorados += r.n;
    else if (r.status === 'falhou') w.falharam += r.n;
    else if (r.status === 'incerto') w.incertos += r.n;
    else if (r.status === 'devolvido') w.devolvidos += r.n;
    else if (r.status === 'reservado' || r.status === 'enviando') w.pendentes += r.n;
    w.chegaram += r.chegaram;
    perWave.set(r.onda, w);
  }
  const boundMin = bound.rows[0]?.prazo ?? 30;
  return {
    ...totals,
    prazoMin: boundMin,
    prazoAte: saoPauloIso(new Date(launch.acesso_inicio.getTime() + boundMin * MINUTE)),
    ondas: waves.rows.map((w) => ({
      numero: w.numero,
      em: saoPauloIso(w.criada_em),
      tamanho: w.tamanho,
      restantes: w.restantes,
      filaAguardando: w.fila_aguardando,
      filaAdmissoes: w.fila_admissoes,
      taxa: w.taxa,
      ritmo: w.ritmo,
      piso: w.piso,
      ...(perWave.get(w.numero) ?? { enviados: 0, ignorados: 0, falharam: 0, incertos: 0, devolvidos: 0, pendentes: 0, chegaram: 0 }),
    })),
    problemas: problems.rows,
  };
}

export interface PanelDeps {
  pool: SqlPool;
  eligible: EligibleCache;
  ctx: RuleContext;
  /** The waiting room's part (live state, schedule, this launch's records); see launch-room.ts. */
  readRoom: (launch: LaunchRow) => Promise<LaunchDayRoom>;
}

/** GET /api/admin/lancamentos/{id}/painel. */
export async function launchDayPanel(deps: PanelDeps, id: string, span = PAGE_SPAN_MS): Promise<LaunchDayPanel> {
  const { pool, ctx } = deps;
  const launch = await launchById(pool, id);
  const range = seriesRange(launch, ctx.now, span);
  const [numbers, eligible, room, alerts] = await Promise.all([readNumbers(pool, launch, range), deps.eligible.get(pool, launch, ctx), deps.readRoom(launch), readAlerts(pool, launch)]);
  const t = numbers.totals;
  const now = ctx.now.getTime();
  return {
    lancamento: {
      id: launch.id,
      slug: launch.slug,
      nome: launch.nome,
      status: launch.status,
      acessoInicio: saoPauloIso(launch.acesso_inicio),
      acessoFim: saoPauloIso(launch.acesso_fim),
      dataPublica: saoPauloIso(launch.data_publica),
      cotaPorMembro: launch.cota_por_membro,
      emJanela: launch.acesso_inicio.getTime() <= now && now < launch.acesso_fim.getTime(),
    },
    em: saoPauloIso(ctx.now),
    totais: {
      elegiveis: eligible.total,
      elegiveisEm: saoPauloIso(new Date(eligible.at)),
      vistos: t.vistos,
      vistosElegiveis: t.vistosElegiveis,
      acessaram: t.acessaram,
      pediram: t.pediram,
      unidadesUsadas: t.unidadesUsadas,
      unidadesRestantes: Math.max(0, eligible.total * launch.cota_por_membro - t.unidadesUsadas),
    },
    serie: range ? { de: saoPauloIso(new Date(range.from)), ate: saoPauloIso(new Date(range.to)), minutos: numbers.minutes } : { de: saoPauloIso(ctx.now), ate: saoPauloIso(ctx.now), minutos: [] },
    fila: room,
    avisos: alerts,
  };
}

const csvField = (v: string | number | null) => {
  const s = v === null ? '' : String(v);
  return /[;"\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/** The per-minute rows as the back office's other exports write them: `;`, UTF-8 BOM, CRLF (ADR 0033). */
export function launchDayCsv(minutes: LaunchDayMinute[]): string {
  const lines = [
    LAUNCH_DAY_CSV_HEADER.join(';'),
    ...minutes.map((m) => [m.minuto, m.vistos, m.acessaram, m.pediram, m.vistosAcumulado, m.acessaramAcumulado, m.pediramAcumulado, m.filaAguardando, m.filaAdmissoes].map(csvField).join(';')),
  ];
  return '\ufeff' + lines.join('\r\n') + '\r\n';
}
