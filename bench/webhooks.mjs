// Issue 25, outgoing webhooks (docs/decisions/0042-webhooks.md): what the fan-out costs and whether
// it holds. The cause of the events is the portal's own busiest write, the redemption
// (POST /api/beneficio/resgate, bench/resgate.mjs's load: CONNECTIONS members at once, one connection
// and token each, a new Idempotency-Key per request, until a pool of codes is empty): each one is its
// own short transaction (the SQL function resgatar_beneficio) whose trigger writes one
// beneficio.resgatado event, so evento.criado_em (the transaction's start) is within milliseconds
// of its commit. The endpoints subscribe to that type only (one event per redemption; with tipos []
// the debit's saldo.alterado would double them). Receivers: local HTTP servers in a child process
// (bench/webhooks-lib.mjs) that verify every signature. Each run on a fresh database of its own
// (legiao_bench_webhooks_<run id>, dropped at its end).
// 1. Idle first (issue 30 part 5): IDLE_EVENTS (5,000) events written in one statement with the 3
//    endpoints subscribed and no member load: deliveries/s from that commit to the last delivery
//    (keep-alive receivers), then removed. Then:
//    EVENTS (10,000) events fanned out to 3 healthy endpoints: deliveries per second, and commit ->
//    delivery p50/p95/max (from evento.criado_em: an upper bound; from the 201's arrival at the
//    bench: a lower bound); beside the redemption rate of the same API in the same run without any
//    endpoint (the reference: REF_CODES redemptions before the endpoints exist, after WARMUP (1,000)
//    unmeasured ones): the redemption rate
//    while webhooks are on / alone, and events delivered per second / redemptions per second alone
//    (>= 1: the deliveries keep up with the portal's fastest source of events). Medians of RUNS (5).
// 2. One healthy endpoint, one answering 500 to half the events (those whose id ends in an odd hex
//    digit, every attempt) and one never answering (held until the API's WEBHOOKS_TIMEOUT_MS, the
//    default 15 s unless TIMEOUT_MS), with short retries (WEBHOOKS_RETRY_DELAY_S=1,
//    WEBHOOKS_RETRY_MAX_S=RETRY_MAX_S (60), the default 15 retries: at least ~10 min of them, so
//    a delivery does not run out of retries before the recovery): the healthy one's commit -> delivery against part 1's;
//    once it has every event (or DRAIN_S passed) the two others recover (answer 200) and must get
//    every event (within RECOVER_S); repeated ids per endpoint.
// 3. WORKERS=2 (node:cluster; Redis on REDIS_URL with a prefix of this run), 3 healthy endpoints,
//    one worker SIGKILLed once KILL_AT (0.3) of the deliveries arrived (or when the redemptions end,
//    if the deliveries are slower): every event delivered to every endpoint at least once (what is
//    still missing after DRAIN_S is told apart in SQL: late, on a live job, or lost); repeated ids.
//    Same short retries as part 2 (a killed worker's job comes back once it expires: the timeout + 15 s).
// Every wait for deliveries is bounded: DRAIN_S (180) after the redemptions end (part 3: after the
// kill, if later), RECOVER_S (180) after the recovery; a percentile that falls among events not
// delivered by then is printed as "> the time waited". The load average is printed before each
// measure (QUIET_LOAD=<n> also waits, up to QUIET_WAIT_S, for the 1-minute figure to fall under n).
// Exit 1 when an event is missing somewhere or a sanity check fails.
// Usage: pnpm build && node bench/webhooks.mjs
// The last line of part 1 (RESUMO) is the four figures of issue 30 part 5: idle deliveries/s, the
// redemption ratio with/without endpoints, deliveries/s during the redemptions, p95 commit -> delivery.
// Any WEBHOOKS_* variable given to the bench reaches the API (to compare settings in one machine state).
//   PARTS (1,2,3), RUNS (5, part 1; RUNS_2 (1) and RUNS_3 (1) for the others), EVENTS (10,000), IDLE_EVENTS (5,000),
//   REF_CODES (3,000), WARMUP (1,000), CONNECTIONS (100), TIMEOUT_MS (15,000), RETRY_MAX_S (60), KILL_AT (0.3),
//   DRAIN_S (180), RECOVER_S (180), REDIS_URL, MAX_SECONDS (3,600), BENCH_PG_URL
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { PG_BASE } from './lib.mjs';
import { freshDb, int, killEverything, loadAverage, login, median, sleep, startApi, waitForQuiet, workerPids } from './integracao-lib.mjs';
import { freePort, loginAll, seedBenefit, seedMembers } from './resgate-lib.mjs';
import {
  analyse,
  createEndpoint,
  deliveryLog,
  deliveryRows,
  eventsOf,
  jobStates,
  latencyStats,
  ms,
  redemptionLoad,
  refusedHalf,
  s1,
  startReceivers,
  undelivered,
  waitForDeliveries,
  webhookMetrics,
} from './webhooks-lib.mjs';

const PARTS = new Set((process.env.PARTS ?? '1,2,3').split(',').map((s) => s.trim()));
const RUNS = Number(process.env.RUNS ?? 5);
const RUNS_2 = Number(process.env.RUNS_2 ?? 1);
const RUNS_3 = Number(process.env.RUNS_3 ?? 1);
const EVENTS = Number(process.env.EVENTS ?? 10_000);
const IDLE_EVENTS = Number(process.env.IDLE_EVENTS ?? 5000);
// Part 1's paced step: PACED_EVENTS (6,000) redemptions at PACED_RATE (100) per second, above the
// launch rehearsal's ~83/s (ADR 0026): p95 commit -> delivery at a launch's pace (0: off). At 200/s
// (600 deliveries/s asked, ~560/s given while members are served) a backlog builds: bench/README.md.
const PACED_EVENTS = Number(process.env.PACED_EVENTS ?? 6000);
const PACED_RATE = Number(process.env.PACED_RATE ?? 100);
const REF_CODES = Number(process.env.REF_CODES ?? Math.min(EVENTS, 3000));
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 100);
const WARMUP = Number(process.env.WARMUP ?? 1000);
const TIMEOUT_MS = Number(process.env.TIMEOUT_MS ?? 15_000);
const RETRY_MAX_S = Number(process.env.RETRY_MAX_S ?? 60);
// The API's default (WEBHOOKS_RETRY_LIMIT): the bench keeps it.
const RETRY_LIMIT = 15;
const KILL_AT = Number(process.env.KILL_AT ?? 0.3);
const DRAIN_S = Number(process.env.DRAIN_S ?? 180);
const RECOVER_S = Number(process.env.RECOVER_S ?? 180);
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const MAX_SECONDS = Number(process.env.MAX_SECONDS ?? 3600);
const TYPE = 'beneficio.resgatado';

const runId = randomUUID().slice(0, 6);
// A database of this run's own (dropped after each part's run): two runs of this bench at once must
// not drop each other's.
const DB_NAME = `legiao_bench_webhooks_${runId}`;
const logDir = mkdtempSync(join(tmpdir(), 'legiao-bench-webhooks-'));
const failures = [];
const expect = (what, ok, detail = '') => {
  console.log(`  ${ok ? 'OK' : '✗ '} ${what}${detail ? `: ${detail}` : ''}`);
  if (!ok) failures.push(what);
};
const f1 = (x) => (Number.isFinite(x) ? x.toFixed(1) : '-');
const f2 = (x) => (Number.isFinite(x) ? x.toFixed(2) : '-');
const f3 = (x) => (Number.isFinite(x) ? x.toFixed(3) : '-');
const minutes = (t) => `${((Date.now() - t) / 60_000).toFixed(1)} min`;

// The API as bench/resgate.mjs measures it (load shedding off: a saturated process's completed
// redemptions), delivering webhooks to local receivers (plain http on 127.0.0.1).
const apiEnv = {
  WEBHOOKS_DELIVERY: 'true',
  WEBHOOKS_ALLOW_PRIVATE: 'true',
  WEBHOOKS_TIMEOUT_MS: String(TIMEOUT_MS),
  OVERLOAD_MAX_EVENT_LOOP_UTILIZATION: '0',
  OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
  // Any WEBHOOKS_* setting given to the bench reaches the API (to compare settings in one machine state).
  ...Object.fromEntries(Object.entries(process.env).filter(([k]) => k.startsWith('WEBHOOKS_'))),
};
const shortRetries = { WEBHOOKS_RETRY_DELAY_S: '1', WEBHOOKS_RETRY_MAX_S: String(RETRY_MAX_S) };
/** The least time a delivery's retries span with shortRetries (each delay's lower edge, as dispatcher.ts's minimumRetrySpanS). */
const retrySpanS = Array.from({ length: RETRY_LIMIT }, (_, n) => Math.min(RETRY_MAX_S, 2 ** Math.min(16, n))).reduce((a, b) => a + b, 0);

let receivers;
const watchdog = setTimeout(() => {
  console.error(`\ntempo esgotado (MAX_SECONDS=${MAX_SECONDS}): interrompido`);
  killEverything();
  receivers?.close();
  process.exit(1);
}, MAX_SECONDS * 1000);
watchdog.unref();
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => (killEverything(), receivers?.close(), process.exit(130)));

/** The load average before a measure; with QUIET_LOAD set, waits for the machine to quiet down first. */
async function loadBefore(what) {
  if (process.env.QUIET_LOAD) return (await waitForQuiet(what)).text;
  const text = loadAverage();
  console.log(`  load average antes de ${what}: ${text} (1/5/15 min)`);
  return text;
}

/** A fresh database, the API on it, CONNECTIONS members with a large balance, an administrator's token. */
async function freshApi(logName, env) {
  const dbUrl = await freshDb(PG_BASE, DB_NAME);
  const port = await freePort();
  const api = await startApi({ port, dbUrl, logFile: join(logDir, logName), env: { ...apiEnv, ...env } });
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  const members = await seedMembers(db, `bench-wh-${runId}`, CONNECTIONS, 1_000_000);
  const tokens = await loginAll(api.base, members);
  const adminToken = await login(api.base, 'admin@legiao.dev');
  return { api, db, port, tokens, adminToken };
}

/** The end of a run: the API stopped, its database dropped. */
async function closeApi(ctx) {
  await ctx.db.end();
  await ctx.api.stop();
  const admin = new pg.Client({ connectionString: `${PG_BASE}/postgres` });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`).catch(() => {});
  await admin.end();
}

/** The endpoints (one per receiver, in order), subscribed to TYPE; the receivers verify with their secrets. */
async function endpointsFor(ctx, names) {
  const out = [];
  for (const [i, name] of names.entries()) {
    const e = await createEndpoint(ctx.api.base, ctx.adminToken, { url: receivers.urls[i], description: `Bench ${runId}: ${name}`, types: [TYPE] });
    await receivers.setSecret(i, e.secret);
    out.push({ ...e, name, i });
  }
  return out;
}

/** The events in SQL after the redemptions, checked against them (one per redemption, in its transaction). */
async function eventsAfter(ctx, benefit, load) {
  const events = await eventsOf(ctx.db, TYPE);
  const { rows: [r] } = await ctx.db.query('SELECT count(*)::int AS n FROM resgate WHERE beneficio_id = $1', [benefit.id]);
  return { events, redemptions: r.n, lastEventAt: Math.max(...[...events.values()].map((e) => e.at)), firstEventAt: Math.min(...[...events.values()].map((e) => e.at)), load };
}

const describeLoad = (l) => `${int(l.ok)} resgates em ${l.seconds.toFixed(1)} s = ${f1(l.rate)} resgates/s (não-2xx ${l.non2xx}, erros ${l.errors}${l.timeouts ? `, timeouts ${l.timeouts}` : ''})`;
const describeLatency = (a, floor) =>
  `commit -> entrega p50 ${ms(a.fromEvent.p50, floor)}, p95 ${ms(a.fromEvent.p95, floor)}, máx ${ms(a.fromEvent.max, floor)} (desde evento.criado_em); p95 ${ms(a.fromAnswer.p95, floor)} desde o 201 no bench`;
const describeRepeats = (a) =>
  `${int(a.requests)} pedidos recebidos, ${a.receivedTwice} ids recebidos mais de uma vez, ${a.okTwice} ids respondidos 200 mais de uma vez (${a.extraOk} entregas a mais), ${a.badSignatures} assinaturas inválidas, ${a.unknown} ids desconhecidos${a.unknown ? ` (${JSON.stringify(a.unknownSample)})` : ''}`;
const describeRows = (d = {}) => `no banco ${int(d.entregue ?? 0)} entregue, ${int(d.pendente ?? 0)} pendente, ${int(d.falhou ?? 0)} falhou, ${int(d.tentativas ?? 0)} tentativas (máx. ${d.max_tentativas ?? 0} numa entrega)`;
const describeUndelivered = (u) => `${int(u.pending)} entregas pendentes no banco: ${int(u.waitingForRelay)} esperando o relay, ${int(u.liveJob)} com job vivo no pg-boss, ${int(u.lost)} perdidas (job sumido ou encerrado)`;

/**
 * Waits (until `deadline`, epoch ms) for `which` receivers to have `expected` events, printing
 * progress every 10 s. Answers { complete, endedAt (when the receivers had them all, or the deadline) }.
 */
async function drain(which, expected, what, deadline, settleDb = null) {
  let lastSaid = Date.now();
  const t0 = Date.now();
  const r = await waitForDeliveries(receivers, which, expected, {
    timeoutMs: Math.max(0, deadline - Date.now()),
    progress: (counts) => {
      if (Date.now() - lastSaid < 10_000) return;
      lastSaid = Date.now();
      console.log(`    (${what}, ${((Date.now() - t0) / 1000).toFixed(0)} s: ${which.map((i) => `${int(counts[i].okIds)}`).join(' / ')} de ${int(expected)}; load ${loadAverage()})`);
    },
  });
  const endedAt = Date.now();
  if (!r.complete) console.log(`    (${what}: o prazo acabou com ${which.map((i) => `${int(r.counts[i].okIds)}`).join(' / ')} de ${int(expected)})`);
  // Every event arrived; with `settleDb`, also until no delivery is pending in the database (a worker
  // killed after its POST and before its UPDATE leaves one that its job, once expired, sends again).
  if (r.complete && settleDb) {
    while (Date.now() < deadline && (await undelivered(settleDb)).pending > 0) await sleep(250);
  }
  return { ...r, endedAt };
}

/** The deliveries to a set of endpoints as a whole: rate, during and after the redemptions, commit -> delivery. */
function together(analyses, ev, done) {
  const delivered = analyses.reduce((s, a) => s + a.delivered, 0);
  const missing = analyses.reduce((s, a) => s + a.missing, 0);
  const last = Math.max(...analyses.map((a) => a.last));
  const end = missing ? done.endedAt : last;
  const spanS = (end - ev.firstEventAt) / 1000;
  const during = analyses.reduce((s, a) => s + [...a.firstOk.values()].filter((t) => t <= ev.load.endedAt).length, 0);
  const latency = latencyStats(
    analyses.flatMap((a) => a.fromEventValues),
    missing,
  );
  const fromAnswer = latencyStats(
    analyses.flatMap((a) => [...a.firstOk].map(([id, t]) => t - (ev.load.answeredAt.get(ev.events.get(id)?.redemptionId) ?? NaN)).filter(Number.isFinite)),
    missing,
  );
  return {
    delivered,
    missing,
    spanS,
    rate: delivered / spanS,
    during: during / ev.load.seconds,
    after: (delivered - during) / ((end - ev.load.endedAt) / 1000),
    latency,
    fromAnswer,
    // A delivery still missing at the end of the wait is at least this late.
    floor: done.endedAt - ev.lastEventAt,
  };
}

/**
 * Deliveries/s on an otherwise idle portal: IDLE_EVENTS events written in one statement (one commit),
 * fanned out to the 3 endpoints; from that commit to the last first-200. Then removed (the
 * redemption part counts its own events) and the receivers cleared.
 */
async function idleBurst(ctx, run) {
  if (!IDLE_EVENTS) return { rate: NaN, loadAvg: '- / - / -' };
  const loadAvg = await loadBefore(`a rajada ociosa (rodada ${run})`);
  const t0 = Date.now();
  await ctx.db.query(`SELECT webhook_publicar($1, jsonb_build_object('resgateId', -i)) FROM generate_series(1, $2) AS i`, [TYPE, IDLE_EVENTS]);
  const committed = Date.now();
  const r = await waitForDeliveries(receivers, [0, 1, 2], IDLE_EVENTS, { timeoutMs: DRAIN_S * 1000, everyMs: 50 });
  const analyses = [];
  for (const i of [0, 1, 2]) analyses.push(analyse(await receivers.records(i), await eventsOf(ctx.db, TYPE), null));
  const last = Math.max(...analyses.map((a) => a.last));
  const delivered = analyses.reduce((s, a) => s + a.delivered, 0);
  const rate = delivered / ((r.complete ? last - committed : Date.now() - committed) / 1000);
  const latency = latencyStats(analyses.flatMap((a) => a.fromEventValues), analyses.reduce((s, a) => s + a.missing, 0));
  console.log(
    `  ocioso: ${int(IDLE_EVENTS)} eventos num commit (${((committed - t0) / 1000).toFixed(1)} s para escrever) -> ${int(delivered)} entregas a 3 endpoints: ${f1(rate)} entregas/s; commit -> entrega p50 ${ms(latency.p50)}, p95 ${ms(latency.p95)}; ` +
      `${analyses.reduce((s, a) => s + a.okTwice, 0)} repetidos, ${analyses.reduce((s, a) => s + a.badSignatures, 0)} assinaturas inválidas`,
  );
  expect('ocioso: todo evento entregue a cada endpoint', r.complete && analyses.every((a) => a.missing === 0));
  while ((await undelivered(ctx.db)).pending > 0) await sleep(100);
  await ctx.db.query('DELETE FROM evento WHERE tipo = $1', [TYPE]);
  await receivers.clear();
  return { rate, loadAvg };
}

// --- part 1 --------------------------------------------------------------------------------------------

async function partOne() {
  const t0 = Date.now();
  console.log(`\n== 1. ${int(EVENTS)} eventos (${TYPE}, um por resgate) para 3 endpoints saudáveis; referência: ${int(REF_CODES)} resgates na mesma API sem endpoint; ${RUNS} rodada(s) ==`);
  const rows = [];
  for (let run = 1; run <= RUNS; run++) {
    console.log(`  -- rodada ${run} --`);
    await receivers.reset();
    const ctx = await freshApi(`api-p1-${run}.log`, {});
    try {
      const warmBenefit = await seedBenefit(ctx.db, WARMUP);
      const refBenefit = await seedBenefit(ctx.db, REF_CODES);
      const benefit = await seedBenefit(ctx.db, EVENTS);
      const pacedBenefit = PACED_EVENTS ? await seedBenefit(ctx.db, PACED_EVENTS) : null;
      // A fresh process's first redemptions are slower (compilation, caches): warm it before the reference.
      await redemptionLoad({ base: ctx.api.base, tokens: ctx.tokens, benefitId: warmBenefit.id, amount: WARMUP, connections: CONNECTIONS });
      await sleep(2000);
      const refLoadAvg = await loadBefore(`a referência (rodada ${run})`);
      const ref = await redemptionLoad({ base: ctx.api.base, tokens: ctx.tokens, benefitId: refBenefit.id, amount: REF_CODES, connections: CONNECTIONS });
      console.log(`  referência, sem endpoint: ${describeLoad(ref)}`);
      const endpoints = await endpointsFor(ctx, ['saudável A', 'saudável B', 'saudável C']);
      await sleep(1000);
      const idle = await idleBurst(ctx, run);
      const fanLoadAvg = await loadBefore(`o fan-out (rodada ${run})`);
      const load = await redemptionLoad({ base: ctx.api.base, tokens: ctx.tokens, benefitId: benefit.id, amount: EVENTS, connections: CONNECTIONS });
      const ev = await eventsAfter(ctx, benefit, load);
      console.log(`  com 3 endpoints: ${describeLoad(load)}; ${int(ev.events.size)} eventos no banco`);
      expect('um evento por resgate (o trigger na transação do resgate)', ev.events.size === ev.redemptions && ev.redemptions === load.ok, `${int(ev.events.size)} eventos, ${int(ev.redemptions)} resgates no banco, ${int(load.ok)} respostas 201`);
      const done = await drain([0, 1, 2], ev.events.size, 'entregas', load.endedAt + DRAIN_S * 1000, ctx.db);
      const analyses = [];
      for (const e of endpoints) analyses.push(analyse(await receivers.records(e.i), ev.events, load.answeredAt));
      const all = together(analyses, ev, done);
      const dbRows = await deliveryRows(ctx.db);
      const left = await undelivered(ctx.db);
      for (const [k, e] of endpoints.entries()) {
        const a = analyses[k];
        console.log(`  ${e.name}: ${int(a.delivered)} de ${int(ev.events.size)} entregues, ${describeLatency(a, all.floor)}; ${describeRepeats(a)}; ${describeRows(dbRows.get(e.id))}`);
      }
      console.log(
        `  ${int(all.delivered)} entregas em ${all.spanS.toFixed(1)} s (do commit do primeiro evento à ${all.missing ? 'fim da espera' : 'última entrega'}) = ${f1(all.rate)} entregas/s, ${f1(all.rate / 3)} eventos/s completos; ` +
          `${f1(all.during)}/s durante os resgates, ${f1(all.after)}/s depois; commit -> entrega (os 3) p50 ${ms(all.latency.p50, all.floor)}, p95 ${ms(all.latency.p95, all.floor)} (desde o 201: p95 ${ms(all.fromAnswer.p95, all.floor)})`,
      );
      if (all.missing) console.log(`  ${describeUndelivered(left)}; jobs por estado: ${JSON.stringify(await jobStates(ctx.db))}`);
      console.log(`  métricas: ${JSON.stringify(await webhookMetrics(ctx.api.base, ctx.adminToken))}`);
      console.log(`  razões: resgates/s com webhooks / sem = ${f2(load.rate / ref.rate)}; eventos entregues por s / resgates por s sem webhooks = ${f3(all.rate / 3 / ref.rate)}`);
      expect(`todo evento entregue a cada endpoint (em até ${DRAIN_S} s depois dos resgates)`, done.complete && all.missing === 0, analyses.map((a) => `${int(a.missing)} faltando`).join(', '));
      expect('nenhuma entrega perdida (as que faltam estão na fila)', left.lost === 0, describeUndelivered(left));
      expect('no banco: toda entrega feita entregue na primeira tentativa', endpoints.every((e) => dbRows.get(e.id)?.tentativas === dbRows.get(e.id)?.entregue && !dbRows.get(e.id)?.falhou));
      expect('assinaturas válidas, nenhum id repetido ou desconhecido', analyses.every((a) => a.badSignatures === 0 && a.okTwice === 0 && a.unknown === 0));
      let paced = { p95: NaN, p50: NaN, rate: NaN };
      if (pacedBenefit) {
        // The flat-out step's events go (as the idle burst's do): this step counts its own.
        while ((await undelivered(ctx.db)).pending > 0) await sleep(100);
        await ctx.db.query('DELETE FROM evento WHERE tipo = $1', [TYPE]);
        await receivers.clear();
        await loadBefore(`o ritmo de lançamento (rodada ${run})`);
        const pl = await redemptionLoad({ base: ctx.api.base, tokens: ctx.tokens, benefitId: pacedBenefit.id, amount: PACED_EVENTS, connections: CONNECTIONS, rate: PACED_RATE });
        const pev = await eventsAfter(ctx, pacedBenefit, pl);
        const pdone = await drain([0, 1, 2], pev.events.size, 'entregas no ritmo de lançamento', pl.endedAt + DRAIN_S * 1000, ctx.db);
        const pan = [];
        for (const e of endpoints) pan.push(analyse(await receivers.records(e.i), pev.events, pl.answeredAt));
        const pall = together(pan, pev, pdone);
        paced = { p95: pall.latency.p95, p50: pall.latency.p50, rate: pl.rate, floor: pall.floor };
        console.log(
          `  no ritmo de um lançamento (${PACED_RATE} resgates/s pedidos): ${describeLoad(pl)}; ${f1(pall.rate)} entregas/s; commit -> entrega p50 ${ms(pall.latency.p50, pall.floor)}, p95 ${ms(pall.latency.p95, pall.floor)}`,
        );
        expect('no ritmo de um lançamento: todo evento entregue a cada endpoint', pdone.complete && pall.missing === 0);
      }
      rows.push({ run, refLoadAvg, fanLoadAvg, idleLoadAvg: idle.loadAvg, idle: idle.rate, ref: ref.rate, withHooks: load.rate, ...all, dups: analyses.map((a) => a.okTwice), paced });
    } finally {
      await closeApi(ctx);
    }
  }
  console.log(`\n  parte 1, por rodada:`);
  console.table(
    rows.map((r) => ({
      rodada: r.run,
      'load 1 min antes (ref / ocioso / fan-out)': `${r.refLoadAvg.split(' / ')[0]} / ${r.idleLoadAvg.split(' / ')[0]} / ${r.fanLoadAvg.split(' / ')[0]}`,
      'entregas/s ocioso': f1(r.idle),
      'resgates/s sem endpoint': f1(r.ref),
      'resgates/s com 3': f1(r.withHooks),
      'razão resgates': f2(r.withHooks / r.ref),
      'entregas/s': f1(r.rate),
      'durante / depois': `${f1(r.during)} / ${f1(r.after)}`,
      'eventos/s ÷ resgates/s': f3(r.rate / 3 / r.ref),
      'commit->entrega p50': ms(r.latency.p50, r.floor),
      p95: ms(r.latency.p95, r.floor),
      'p95 desde o 201': ms(r.fromAnswer.p95, r.floor),
      'faltando': r.missing,
    })),
  );
  const med = (f) => median(rows.map(f));
  const summary = {
    ref: med((r) => r.ref),
    withHooks: med((r) => r.withHooks),
    rate: med((r) => r.rate),
    idle: med((r) => r.idle),
    during: med((r) => r.during),
    after: med((r) => r.after),
    p50: med((r) => r.latency.p50),
    p95: med((r) => r.latency.p95),
    p95Answer: med((r) => r.fromAnswer.p95),
    floor: Math.min(...rows.map((r) => r.floor)),
    ratio: med((r) => r.withHooks / r.ref),
    keepUp: med((r) => r.rate / 3 / r.ref),
    missing: rows.reduce((s, r) => s + r.missing, 0),
    pacedP50: med((r) => r.paced.p50),
    pacedP95: med((r) => r.paced.p95),
  };
  console.log(
    `  medianas de ${rows.length}: referência ${f1(summary.ref)} resgates/s, com webhooks ${f1(summary.withHooks)} (razão ${f2(summary.ratio)}); ${f1(summary.rate)} entregas/s (${f1(summary.after)}/s depois dos resgates); ` +
      `eventos/s ÷ resgates/s ${f3(summary.keepUp)}; commit -> entrega p50 ${ms(summary.p50, summary.floor)}, p95 ${ms(summary.p95, summary.floor)} (desde o 201: ${ms(summary.p95Answer, summary.floor)}); parte 1 em ${minutes(t0)}`,
  );
  console.log(
    `  RESUMO (medianas de ${rows.length}): ${f1(summary.idle)} entregas/s ociosas a 3 endpoints; resgates com/sem endpoints ${f2(summary.ratio)}; ` +
      `${f1(summary.during)} entregas/s durante os resgates; p95 commit -> entrega ${ms(summary.p95, summary.floor)}` +
      (PACED_EVENTS ? `; no ritmo de um lançamento (${PACED_RATE} resgates/s): p50 ${ms(summary.pacedP50)}, p95 ${ms(summary.pacedP95)}` : ''),
  );
  return summary;
}

// --- part 2 --------------------------------------------------------------------------------------------

async function partTwo(one) {
  const t0 = Date.now();
  console.log(
    `\n== 2. ${int(EVENTS)} eventos: um endpoint saudável, um que responde 500 a metade dos eventos, um que nunca responde (WEBHOOKS_TIMEOUT_MS ${TIMEOUT_MS}); ` +
      `novas tentativas curtas (WEBHOOKS_RETRY_DELAY_S 1, WEBHOOKS_RETRY_MAX_S ${RETRY_MAX_S}, ${RETRY_LIMIT} delas: ${retrySpanS} s no mínimo); ${RUNS_2} rodada(s) ==`,
  );
  const rows = [];
  for (let run = 1; run <= RUNS_2; run++) {
    console.log(`  -- rodada ${run} --`);
    await receivers.reset();
    const ctx = await freshApi(`api-p2-${run}.log`, shortRetries);
    try {
      const benefit = await seedBenefit(ctx.db, EVENTS);
      const endpoints = await endpointsFor(ctx, ['saudável', 'metade 500', 'mudo']);
      await receivers.setMode(1, 'half-500');
      await receivers.setMode(2, 'hang');
      await sleep(1000);
      const loadAvg = await loadBefore(`a parte 2 (rodada ${run})`);
      const load = await redemptionLoad({ base: ctx.api.base, tokens: ctx.tokens, benefitId: benefit.id, amount: EVENTS, connections: CONNECTIONS });
      const ev = await eventsAfter(ctx, benefit, load);
      console.log(`  resgates: ${describeLoad(load)}; ${int(ev.events.size)} eventos no banco`);
      expect('um evento por resgate', ev.events.size === ev.redemptions && ev.redemptions === load.ok, `${int(ev.events.size)} eventos, ${int(ev.redemptions)} resgates`);
      const healthyDone = await drain([0], ev.events.size, 'o saudável', load.endedAt + DRAIN_S * 1000);
      const healthy = analyse(await receivers.records(0), ev.events, load.answeredAt);
      const healthyFloor = healthyDone.endedAt - ev.lastEventAt;
      // What the failing ones had by then, as the receivers and the database saw it.
      const before = await receivers.counts();
      const dbBefore = await deliveryRows(ctx.db);
      const jobsBefore = await jobStates(ctx.db);
      const accepted = [...ev.events.keys()].filter((id) => !refusedHalf(id)).length;
      console.log(
        `  saudável: ${int(healthy.delivered)} de ${int(ev.events.size)} em ${s1((healthy.missing ? healthyDone.endedAt : healthy.last) - ev.firstEventAt)}, ${describeLatency(healthy, healthyFloor)}; ` +
          `na parte 1 (mediana, os 3 saudáveis): p95 ${ms(one?.p95, one?.floor)}${one && Number.isFinite(one.p95) && Number.isFinite(healthy.fromEvent.p95) ? `, razão ${f2(healthy.fromEvent.p95 / one.p95)}` : ''}; ${describeRepeats(healthy)}`,
      );
      for (const e of endpoints.slice(1)) {
        console.log(
          `  ${e.name} até ali: ${int(before[e.i].received)} pedidos recebidos, ${int(before[e.i].okIds)} eventos respondidos 200${e.i === 1 ? ` (a metade que ele aceita: ${int(accepted)})` : ''}, ${before[e.i].hung} pendurados agora; ${describeRows(dbBefore.get(e.id))}`,
        );
      }
      const failingS = (Date.now() - load.startedAt) / 1000;
      console.log(`  jobs do pg-boss por estado: ${JSON.stringify(jobsBefore)}; os dois se recuperam agora (respondem 200), ${failingS.toFixed(0)} s depois das primeiras falhas`);
      if (failingS > retrySpanS) console.log(`  aviso: mais que os ${retrySpanS} s de novas tentativas: entregas podem ter esgotado as tentativas (falhou) antes da recuperação`);
      const recoverAt = Date.now();
      await receivers.setMode(1, 'ok');
      await receivers.setMode(2, 'ok');
      const recovered = await drain([0, 1, 2], ev.events.size, 'recuperação', recoverAt + RECOVER_S * 1000, ctx.db);
      const analyses = [healthy];
      for (const e of endpoints.slice(1)) analyses.push(analyse(await receivers.records(e.i), ev.events, load.answeredAt));
      analyses[0] = analyse(await receivers.records(0), ev.events, load.answeredAt);
      const dbAfter = await deliveryRows(ctx.db);
      const left = await undelivered(ctx.db);
      for (const [k, e] of endpoints.entries()) {
        const a = analyses[k];
        console.log(
          `  ${e.name}: ${int(a.delivered)} de ${int(ev.events.size)} entregues${k ? `, ${a.missing ? `faltando ${int(a.missing)} ${RECOVER_S} s depois da recuperação` : `o último ${s1(a.last - recoverAt)} depois da recuperação`}` : ''}; ` +
            `${describeRepeats(a)}; ${int(a.refused)} respostas 500, ${int(a.unanswered)} sem resposta; ${describeRows(dbAfter.get(e.id))}`,
        );
      }
      if (left.pending) console.log(`  ${describeUndelivered(left)}; jobs por estado: ${JSON.stringify(await jobStates(ctx.db))}`);
      const log = await deliveryLog(ctx.api.base, ctx.adminToken, endpoints[1].id, '?status=entregue');
      console.log(`  registro de entregas do back office (metade 500, entregues), o início: ${JSON.stringify(log).slice(0, 240)}…`);
      console.log(`  métricas: ${JSON.stringify(await webhookMetrics(ctx.api.base, ctx.adminToken))}`);
      expect(`o saudável recebeu todo evento enquanto os outros falhavam (em até ${DRAIN_S} s depois dos resgates)`, healthyDone.complete && healthy.missing === 0, `${int(healthy.missing)} faltando`);
      expect(`os que falhavam receberam todo evento depois de se recuperar (em até ${RECOVER_S} s)`, recovered.complete && analyses.every((a) => a.missing === 0), analyses.map((a) => `${int(a.missing)} faltando`).join(', '));
      expect('nenhuma entrega perdida nem esgotada (as que faltam estão na fila)', left.lost === 0 && endpoints.every((e) => !dbAfter.get(e.id)?.falhou), `${describeUndelivered(left)}; falhou: ${endpoints.map((e) => dbAfter.get(e.id)?.falhou ?? 0).join(', ')}`);
      expect('assinaturas válidas, nenhum id desconhecido', analyses.every((a) => a.badSignatures === 0 && a.unknown === 0));
      rows.push({ run, loadAvg, p95: healthy.fromEvent.p95, floor: healthyFloor, recoverS: analyses.slice(1).map((a) => (a.missing ? Infinity : (a.last - recoverAt) / 1000)), dups: analyses.map((a) => a.okTwice) });
    } finally {
      await closeApi(ctx);
    }
  }
  if (rows.length > 1) {
    console.log(
      `  medianas de ${rows.length}: saudável p95 ${ms(median(rows.map((r) => r.p95)), Math.min(...rows.map((r) => r.floor)))}; ` +
        `da recuperação à última entrega: metade 500 ${f1(median(rows.map((r) => r.recoverS[0])))} s, mudo ${f1(median(rows.map((r) => r.recoverS[1])))} s`,
    );
  }
  console.log(`  parte 2 em ${minutes(t0)}`);
}

// --- part 3 --------------------------------------------------------------------------------------------

async function partThree() {
  const t0 = Date.now();
  console.log(
    `\n== 3. WORKERS=2, ${int(EVENTS)} eventos para 3 endpoints saudáveis, um worker morto (SIGKILL) com ${Math.round(KILL_AT * 100)}% das entregas feitas (ou ao fim dos resgates); ${RUNS_3} rodada(s) ==`,
  );
  for (let run = 1; run <= RUNS_3; run++) {
    console.log(`  -- rodada ${run} --`);
    await receivers.reset();
    const redisPrefix = `legiao-bench-webhooks:${runId}:`;
    const ctx = await freshApi(`api-p3-${run}.log`, {
      ...shortRetries,
      WORKERS: '2',
      REDIS_URL,
      REDIS_PREFIX: redisPrefix,
      FILA_REDIS_PREFIX: `legiao-bench-webhooks:{fila-${runId}}:`,
    });
    try {
      const benefit = await seedBenefit(ctx.db, EVENTS);
      const endpoints = await endpointsFor(ctx, ['A', 'B', 'C']);
      const workers = workerPids(ctx.api.pid);
      expect('dois workers', workers.length === 2, workers.join(', '));
      await sleep(1000);
      await loadBefore(`a parte 3 (rodada ${run})`);
      let loadDone = false;
      const producing = redemptionLoad({ base: ctx.api.base, tokens: ctx.tokens, benefitId: benefit.id, amount: EVENTS, connections: CONNECTIONS }).finally(() => (loadDone = true));
      const target = Math.round(KILL_AT * 3 * EVENTS);
      const killer = (async () => {
        let counts = await receivers.counts();
        while (!loadDone && counts.reduce((s, c) => s + c.okIds, 0) < target) {
          await sleep(50);
          counts = await receivers.counts();
        }
        const victim = workerPids(ctx.api.pid)[0];
        const { rows: [active] } = await ctx.db.query(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'webhook-entrega' AND state = 'active'`);
        const delivered = counts.reduce((s, c) => s + c.okIds, 0);
        process.kill(victim, 'SIGKILL');
        const kill = { victim, at: Date.now(), active: active.n, delivered, why: loadDone ? 'fim dos resgates' : `${Math.round(KILL_AT * 100)}% das entregas` };
        console.log(`  SIGKILL no worker ${victim} (${kill.why}) com ${int(delivered)} entregas feitas, ${active.n} jobs de entrega ativos (dos dois workers)`);
        for (;;) {
          await sleep(100);
          const now = workerPids(ctx.api.pid);
          if (!now.includes(victim) && now.length >= 2) {
            kill.forkedS = (Date.now() - kill.at) / 1000;
            break;
          }
          if (Date.now() - kill.at > 120_000) break;
        }
        return kill;
      })();
      const load = await producing;
      const kill = await killer;
      const ev = await eventsAfter(ctx, benefit, load);
      console.log(`  resgates: ${describeLoad(load)}; ${int(ev.events.size)} eventos no banco (${int(ev.redemptions)} resgates); novo worker em ${f1(kill.forkedS)} s`);
      expect('um evento por resgate gravado', ev.events.size === ev.redemptions, `${int(ev.events.size)} eventos, ${int(ev.redemptions)} resgates`);
      const done = await drain([0, 1, 2], ev.events.size, 'entregas', Math.max(load.endedAt, kill.at) + DRAIN_S * 1000, ctx.db);
      const analyses = [];
      for (const e of endpoints) analyses.push(analyse(await receivers.records(e.i), ev.events, load.answeredAt));
      const all = together(analyses, ev, done);
      const dbRows = await deliveryRows(ctx.db);
      const left = await undelivered(ctx.db);
      for (const [k, e] of endpoints.entries()) {
        console.log(`  ${e.name}: ${int(analyses[k].delivered)} de ${int(ev.events.size)} entregues, ${describeLatency(analyses[k], all.floor)}; ${describeRepeats(analyses[k])}; ${describeRows(dbRows.get(e.id))}`);
      }
      const last = Math.max(...analyses.map((a) => a.last));
      console.log(
        `  ${f1(all.rate)} entregas/s; ${all.missing ? `faltando ${int(all.missing)} ${s1(done.endedAt - kill.at)} depois do SIGKILL` : `a última entrega ${s1(last - kill.at)} depois do SIGKILL`}; ${describeUndelivered(left)}; jobs por estado: ${JSON.stringify(await jobStates(ctx.db))}`,
      );
      expect(`todo evento entregue a cada endpoint pelo menos uma vez (em até ${DRAIN_S} s)`, done.complete && all.missing === 0, analyses.map((a) => `${int(a.missing)} faltando`).join(', '));
      console.log(`  repetidos (ids respondidos 200 mais de uma vez) por endpoint: ${endpoints.map((e, k) => `${e.name} ${analyses[k].okTwice}`).join(', ')}; jobs ativos no SIGKILL: ${kill.active}`);
      expect('nenhuma entrega perdida (as que faltam estão na fila)', left.lost === 0, describeUndelivered(left));
      expect('no banco: toda entrega entregue', endpoints.every((e) => dbRows.get(e.id)?.entregue === ev.events.size), endpoints.map((e) => `${e.name} ${int(dbRows.get(e.id)?.entregue ?? 0)}`).join(', '));
      expect('assinaturas válidas, nenhum id desconhecido', analyses.every((a) => a.badSignatures === 0 && a.unknown === 0));
    } finally {
      await closeApi(ctx);
      try {
        const url = new URL(REDIS_URL);
        const args = ['-h', url.hostname, '-p', url.port || '6379'];
        const keys = execFileSync('redis-cli', [...args, '--scan', '--pattern', `legiao-bench-webhooks:*${runId}*`], { encoding: 'utf8' }).split('\n').filter(Boolean);
        if (keys.length) execFileSync('redis-cli', [...args, 'DEL', ...keys]);
      } catch {}
    }
  }
  console.log(`  parte 3 em ${minutes(t0)}`);
}

// --- main ---------------------------------------------------------------------------------------------------

console.log(`bench/webhooks.mjs: partes ${[...PARTS].join(', ')}; load average no início ${loadAverage()}; logs da API em ${logDir}`);
const started = Date.now();
try {
  receivers = await startReceivers(3);
  let one;
  if (PARTS.has('1')) one = await partOne();
  if (PARTS.has('2')) await partTwo(one);
  if (PARTS.has('3')) await partThree();
} catch (err) {
  console.error(err);
  failures.push(`erro: ${err.message}`);
  killEverything();
} finally {
  await receivers?.close();
}
console.log(`\nload average no fim: ${loadAverage()}; ${minutes(started)}`);
console.log(failures.length ? `✗ ${failures.length} verificação(ões) falharam: ${failures.join('; ')}` : 'todas as verificações OK');
if (!failures.length) rmSync(logDir, { recursive: true, force: true });
else console.log(`logs da API: ${logDir}`);
process.exitCode = failures.length ? 1 : 0;
