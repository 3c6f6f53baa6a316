import type { PoolClient } from 'pg';
import type { SqlPool } from '../../../db/prisma.js';
import { dashboardDays, type Panel, type DashboardLive, type DashboardQuery } from '@legiao/contracts/admin/painel';
import type { WaitingRoomState } from '@legiao/contracts';

// The launch dashboard's numbers (docs/decisions/0033-launch-dashboard.md). Every figure is one SQL
// aggregate over an indexed timestamp (migration painel_lancamento); no rows travel to Node beyond
// the answer itself. Days are São Paulo days (UTC-3, no daylight saving since 2019); timestamps are
// stored as UTC in `timestamp` columns, so bounds go in as UTC wall-clock strings.

const HOUR = 3600 * 1000;
/** The columns hold UTC: written out as ISO here rather than through pg's local-time Date parsing. */
const ISO = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;
/** A UTC instant as the `timestamp` columns hold it. */
const utc = (ms: number) => new Date(ms).toISOString().slice(0, 23);
const dayStart = (d: string) => Date.parse(`${d}T00:00:00.000-03:00`);

/** Up to 3 days the waiting room is drawn per hour, beyond per day. */
const HOURS_UNTIL_DAYS = 3;

export async function readDashboard(pool: SqlPool, q: DashboardQuery): Promise<Panel> {
  const from = utc(dayStart(q.de));
  const until = utc(dayStart(q.ate) + 24 * HOUR);
  const range = [from, until];
  const granularity = dashboardDays(q.de, q.ate) <= HOURS_UNTIL_DAYS ? 'hora' : 'dia';

  // One connection and one snapshot for the whole answer (one query after another): a
  // dashboard left open by several people during a launch takes one pooled connection each, not
  // eight. JIT off: these plans cost enough to trigger it, and compiling took ~700 ms against
  // ~35 ms of execution (EXPLAIN ANALYZE in docs/decisions/0033-launch-dashboard.md).
  const client = await pool.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    await client.query('SET LOCAL jit = off');
    const panel = await readWith(client, q, range, granularity);
    await client.query('COMMIT');
    return panel;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

async function readWith(pg: PoolClient, q: DashboardQuery, range: string[], granularity: 'hora' | 'dia'): Promise<Panel> {
  const until = range[1]!;
  // One query at a time on the connection (pg deprecates overlapping client.query calls).
  let previous: Promise<unknown> = Promise.resolve();
  const client = {
    query: <R extends object>(sql: string, params?: unknown[]) => {
      const next = previous.then(() => pg.query<R>(sql, params));
      previous = next.catch(() => undefined);
      return next;
    },
  };
  const [days, activated, waitingRoom, byBenefit, stock, referrals, nps, profiles] = await Promise.all([
    client.query<Panel['dias'][number]>(
      `WITH d AS (SELECT gs::date AS dia FROM generate_series($3::timestamp, $4::timestamp, interval '1 day') gs),
       cad AS (SELECT (data_cadastro - interval '3 hours')::date AS dia, count(*) AS c FROM usuario
               WHERE data_cadastro >= $1::timestamp AND data_cadastro < $2::timestamp GROUP BY 1),
       atv AS (SELECT (ativado_em - interval '3 hours')::date AS dia, count(*) AS c FROM usuario
               WHERE ativado_em >= $1::timestamp AND ativado_em < $2::timestamp GROUP BY 1),
       lg AS (SELECT (criada_em - interval '3 hours')::date AS dia, count(*) AS c, count(DISTINCT usuario_id) AS m FROM sessao
              WHERE criada_em >= $1::timestamp AND criada_em < $2::timestamp GROUP BY 1),
       rg AS (SELECT (criado_em - interval '3 hours')::date AS dia, count(*) AS c FROM resgate
              WHERE criado_em >= $1::timestamp AND criado_em < $2::timestamp GROUP BY 1)
       SELECT to_char(d.dia, 'YYYY-MM-DD') AS dia, COALESCE(cad.c, 0)::int AS cadastros, COALESCE(atv.c, 0)::int AS ativacoes,
              COALESCE(lg.c, 0)::int AS logins, COALESCE(lg.m, 0)::int AS "membrosAtivos", COALESCE(rg.c, 0)::int AS resgates
       FROM d LEFT JOIN cad USING (dia) LEFT JOIN atv USING (dia) LEFT JOIN lg USING (dia) LEFT JOIN rg USING (dia)
       ORDER BY d.dia`,
      [...range, q.de, q.ate],
    ),
    client.query<{ c: number }>(`SELECT count(*)::int AS c FROM usuario WHERE ativado_em < $1::timestamp`, [until]),
    client.query<{ inicio: string; aguardandoMax: number; aguardandoMedio: number; esperaMaxMs: number; admissoes: number }>(
      `SELECT to_char(date_trunc($3, minuto - interval '3 hours') + interval '3 hours', ${ISO}) AS inicio,
              COALESCE(max(aguardando), 0)::int AS "aguardandoMax", COALESCE(round(avg(aguardando)), 0)::int AS "aguardandoMedio",
              COALESCE(max(espera_ms), 0)::int AS "esperaMaxMs", COALESCE(sum(admissoes), 0)::int AS admissoes
       FROM painel_minuto WHERE minuto >= $1::timestamp AND minuto < $2::timestamp GROUP BY 1 ORDER BY 1`,
      [...range, granularity === 'hora' ? 'hour' : 'day'],
    ),
    client.query<Panel['resgatesPorBeneficio'][number]>(
      `SELECT b.id AS "beneficioId", b.nome, r.c::int AS resgates
       FROM (SELECT beneficio_id, count(*) AS c FROM resgate WHERE criado_em >= $1::timestamp AND criado_em < $2::timestamp GROUP BY 1) r
       JOIN beneficio b ON b.id = r.beneficio_id ORDER BY r.c DESC, b.nome LIMIT 30`,
      range,
    ),
    // The stock as members see it: a list pool's free codes (the striped counters), else the
    // benefit's or its days' counters; any unlimited part makes the whole unlimited (null).
    client.query<Panel['estoque'][number]>(
      `SELECT b.id AS "beneficioId", b.nome,
              (CASE WHEN b.modo_cupom = 'lista' THEN (SELECT COALESCE(sum(e.livres), 0) FROM cupom_estoque e WHERE e.beneficio_id = b.id)
                    WHEN EXISTS (SELECT 1 FROM beneficio_opcao o WHERE o.beneficio_id = b.id)
                      THEN (SELECT CASE WHEN bool_or(o.estoque IS NULL) THEN NULL ELSE sum(o.estoque) END FROM beneficio_opcao o WHERE o.beneficio_id = b.id)
                    ELSE b.estoque END)::int AS restante
       FROM beneficio b WHERE b.ativo ORDER BY b.ordem, b.id LIMIT 50`,
    ),
    // One cohort: the referrals created in the range, and how many of them are confirmed by now.
    client.query<Panel['indicacoes']>(
      `SELECT count(DISTINCT indicador_id)::int AS compartilharam, count(*)::int AS cadastraram,
              count(*) FILTER (WHERE status = 'confirmada')::int AS confirmaram
       FROM indicacao WHERE criada_em >= $1::timestamp AND criada_em < $2::timestamp`,
      range,
    ),
    // The satisfaction survey's "De 0 a 10, quanto você recomendaria...": options in order are
    // 9-10 (promoters), 7-8 (passives), 0-6 (detractors), as seeded (db/seed-surveys.ts).
    client.query<{ promotores: number; neutros: number; detratores: number }>(
      `SELECT count(*) FILTER (WHERE o.ordem = 1)::int AS promotores, count(*) FILTER (WHERE o.ordem = 2)::int AS neutros,
              count(*) FILTER (WHERE o.ordem = 3)::int AS detratores
       FROM pesquisa_resposta_usuario r JOIN pesquisa_pergunta_resposta o ON o.id = r.opcao_id
       WHERE r.pergunta_id IN (SELECT p.id FROM pesquisa_pergunta p JOIN pesquisa s ON s.id = p.pesquisa_id
                               WHERE s.tipo = 'satisfacao' AND p.descricao ILIKE '%recomendaria%')
         AND r.criada_em >= $1::timestamp AND r.criada_em < $2::timestamp`,
      range,
    ),
    client.query<Panel['personalizacao'][number]>(
      `SELECT COALESCE(pp.perfil, 'sem perfil') AS perfil, count(*)::int AS membros FROM pesquisa_participacao pp
       WHERE pp.pesquisa_id IN (SELECT id FROM pesquisa WHERE tipo = 'personalizacao')
         AND pp.concluida_em >= $1::timestamp AND pp.concluida_em < $2::timestamp
       GROUP BY 1 ORDER BY 2 DESC, 1`,
      range,
    ),
  ]);

  const n = nps.rows[0] ?? { promotores: 0, neutros: 0, detratores: 0 };
  const answers = n.promotores + n.neutros + n.detratores;
  return {
    de: q.de,
    ate: q.ate,
    dias: days.rows,
    contasAtivadas: activated.rows[0]?.c ?? 0,
    filaGranularidade: granularity,
    fila: waitingRoom.rows,
    resgatesPorBeneficio: byBenefit.rows,
    estoque: stock.rows,
    indicacoes: referrals.rows[0] ?? { compartilharam: 0, cadastraram: 0, confirmaram: 0 },
    nps: { ...n, respostas: answers, nps: answers ? Math.round((100 * (n.promotores - n.detratores)) / answers) : null },
    personalizacao: profiles.rows,
  };
}


const MINUTES = 30;

export async function readLive(pool: SqlPool, state: WaitingRoomState, now = Date.now()): Promise<DashboardLive> {
  const currentMinute = Math.floor(now / 60_000) * 60_000;
  const since = currentMinute - (MINUTES - 1) * 60_000;
  const [last, series] = await Promise.all([
    pool.query<{ logins: number; resgates: number; erros: number }>(
      `SELECT (SELECT count(*) FROM sessao WHERE criada_em >= $1::timestamp)::int AS logins,
              (SELECT count(*) FROM resgate WHERE criado_em >= $1::timestamp)::int AS resgates,
              COALESCE((SELECT erros FROM painel_minuto WHERE minuto = $2::timestamp), 0)::int AS erros`,
      [utc(now - 60_000), utc(currentMinute - 60_000)],
    ),
    pool.query<{ minuto: string; aguardando: number | null; admissoes: number | null; logins: number; resgates: number; erros: number }>(
      `WITH m AS (SELECT gs AS minuto FROM generate_series($1::timestamp, $2::timestamp, interval '1 minute') gs),
       lg AS (SELECT date_trunc('minute', criada_em) AS minuto, count(*) AS c FROM sessao WHERE criada_em >= $1::timestamp GROUP BY 1),
       rg AS (SELECT date_trunc('minute', criado_em) AS minuto, count(*) AS c FROM resgate WHERE criado_em >= $1::timestamp GROUP BY 1)
       SELECT to_char(m.minuto, ${ISO}) AS minuto, p.aguardando, p.admissoes, COALESCE(lg.c, 0)::int AS logins, COALESCE(rg.c, 0)::int AS resgates, COALESCE(p.erros, 0)::int AS erros
       FROM m LEFT JOIN painel_minuto p USING (minuto) LEFT JOIN lg USING (minuto) LEFT JOIN rg USING (minuto) ORDER BY m.minuto`,
      [utc(since), utc(currentMinute)],
    ),
  ]);
  const u = last.rows[0] ?? { logins: 0, resgates: 0, erros: 0 };
  return {
    em: new Date(now).toISOString(),
    fila: { ativa: state.ativa, aguardando: state.aguardando, admitidos: state.admitidos, esperaMaisAntigaMs: state.esperaMaisAntigaMs, admissoesPorMinuto: state.admissoesUltimoMinuto },
    loginsPorMinuto: u.logins,
    resgatesPorMinuto: u.resgates,
    errosPorMinuto: u.erros,
    minutos: series.rows,
  };
}
