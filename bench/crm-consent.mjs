// Issue 30 section 2 and 5 (docs/decisions/0045-crm-personal-data.md, 0046-webhook-throughput.md):
// "a consent withdrawn in the portal reaches the CRM within seconds", even on launch day. The CRM is
// an endpoint subscribed to membro.atualizado AND beneficio.resgatado (a CRM wants both), so on a
// launch day its consent events share its queue with a backlog of redemptions; two more endpoints
// take the redemptions only (as bench/webhooks.mjs's three). Receivers: local keep-alive HTTP servers
// in a child process (bench/webhooks-lib.mjs) that verify every signature.
// Each round, on a fresh database and API (compiled, apps/api/dist/server.js):
//   1. idle: CONSENTS/2 members withdraw their e-mail consent (PUT /api/usuario, optIn false, the
//      profile page's call) at CONSENT_RATE per second, nothing else running;
//   2. launch: the same for the other half while CONNECTIONS members redeem flat out (EVENTS
//      redemptions, one beneficio.resgatado each, bench/webhooks.mjs's load).
// Printed per step: commit -> CRM p50/p95/max for the consent events (from evento.criado_em, the
// member's own short transaction: an upper bound; from the 200 at the bench: a lower bound) and, in
// step 2, for the redemptions' events at the same endpoint in the same run (the reference: what a
// consent event would wait without the privacy lane, migration 20261128215000). Medians of RUNS (5),
// load average before each step. Exit 1 when a consent event did not reach the CRM (DRAIN_S) or a
// signature failed.
// Usage: pnpm build && node bench/crm-consent.mjs
//   RUNS (5), CONSENTS (200), CONSENT_RATE (20), EVENTS (10,000), CONNECTIONS (100), DRAIN_S (180),
//   QUIET_LOAD, BENCH_PG_URL; any WEBHOOKS_* reaches the API
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { PG_BASE } from './lib.mjs';
import { freshDb, int, killEverything, loadAverage, login, median, sleep, startApi, waitForQuiet } from './integracao-lib.mjs';
import { freePort, loginAll, seedBenefit, seedMembers } from './resgate-lib.mjs';
import { createEndpoint, latencyStats, ms, redemptionLoad, startReceivers } from './webhooks-lib.mjs';

const RUNS = Number(process.env.RUNS ?? 5);
const CONSENTS = Number(process.env.CONSENTS ?? 200);
const CONSENT_RATE = Number(process.env.CONSENT_RATE ?? 20);
const EVENTS = Number(process.env.EVENTS ?? 10_000);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 100);
const DRAIN_S = Number(process.env.DRAIN_S ?? 180);
const MAX_SECONDS = Number(process.env.MAX_SECONDS ?? 3600);

const runId = randomUUID().slice(0, 6);
const DB_NAME = `legiao_bench_crm_consent_${runId}`;
const logDir = mkdtempSync(join(tmpdir(), 'legiao-bench-crm-consent-'));
const failures = [];
const expect = (what, ok, detail = '') => {
  console.log(`  ${ok ? 'OK' : '✗ '} ${what}${detail ? `: ${detail}` : ''}`);
  if (!ok) failures.push(what);
};
const f1 = (x) => (Number.isFinite(x) ? x.toFixed(1) : '-');

const apiEnv = {
  WEBHOOKS_DELIVERY: 'true',
  WEBHOOKS_ALLOW_PRIVATE: 'true',
  OVERLOAD_MAX_EVENT_LOOP_UTILIZATION: '0',
  OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
  ...Object.fromEntries(Object.entries(process.env).filter(([k]) => k.startsWith('WEBHOOKS_'))),
};

let receivers;
const watchdog = setTimeout(() => {
  console.error(`\ntempo esgotado (MAX_SECONDS=${MAX_SECONDS}): interrompido`);
  killEverything();
  receivers?.close();
  process.exit(1);
}, MAX_SECONDS * 1000);
watchdog.unref();
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => (killEverything(), receivers?.close(), process.exit(130)));

async function loadBefore(what) {
  if (process.env.QUIET_LOAD) return (await waitForQuiet(what)).text;
  const text = loadAverage();
  console.log(`  load average antes de ${what}: ${text} (1/5/15 min)`);
  return text;
}

/** Each member withdraws the e-mail consent on the profile page, CONSENT_RATE per second: Map(membroId -> the 200's arrival, ms). */
async function withdraw(base, members) {
  const answeredAt = new Map();
  const failed = [];
  const gap = 1000 / CONSENT_RATE;
  const t0 = performance.now();
  await Promise.all(
    members.map(async (m, i) => {
      const wait = t0 + i * gap - performance.now();
      if (wait > 0) await sleep(wait);
      const res = await fetch(`${base}/api/usuario`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${m.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ nome: 'Membro Bench', celular: '11987654321', optIn: false }),
      });
      const at = performance.timeOrigin + performance.now();
      await res.arrayBuffer();
      if (res.status === 200) answeredAt.set(m.id, at);
      else failed.push(res.status);
    }),
  );
  return { answeredAt, failed };
}

/** The CRM's (receiver 0) deliveries of the events named: Map(event id -> first 200's arrival). */
async function crmArrivals() {
  const { records, badSignatures } = await receivers.records(0);
  const first = new Map();
  for (const [id, arrived, status] of records) if (status === 200 && !first.has(id)) first.set(id, arrived);
  return { first, badSignatures, records };
}

/** Waits until every event in `ids` reached the CRM, or DRAIN_S after `from`. */
async function waitCrm(ids, from) {
  const until = from + DRAIN_S * 1000;
  for (;;) {
    const { first } = await crmArrivals();
    if ([...ids].every((id) => first.has(id)) || Date.now() > until) return;
    await sleep(100);
  }
}

/** commit -> CRM for the consent events of these members (upper bound from criado_em, lower from the 200). */
async function consentLatency(db, answeredAt) {
  const { rows } = await db.query(
    `SELECT id, membro_id::text AS membro, (extract(epoch FROM criado_em) * 1000)::float8 AS at FROM evento
      WHERE tipo = 'membro.atualizado' AND membro_id = ANY($1::uuid[]) AND dados->'campos' ? 'consentimentos.email'`,
    [[...answeredAt.keys()]],
  );
  await waitCrm(new Set(rows.map((r) => r.id)), Math.max(...answeredAt.values()));
  const { first } = await crmArrivals();
  const fromEvent = [];
  const fromAnswer = [];
  let missing = 0;
  for (const r of rows) {
    const arrived = first.get(r.id);
    if (arrived === undefined) {
      missing++;
      continue;
    }
    fromEvent.push(arrived - r.at);
    fromAnswer.push(arrived - answeredAt.get(r.membro));
  }
  return { events: rows.length, missing: missing + (answeredAt.size - rows.length), fromEvent: latencyStats(fromEvent, missing), fromAnswer: latencyStats(fromAnswer, missing) };
}

async function round(run) {
  console.log(`  -- rodada ${run} --`);
  await receivers.reset();
  const dbUrl = await freshDb(PG_BASE, DB_NAME);
  const api = await startApi({ port: await freePort(), dbUrl, logFile: join(logDir, `api-${run}.log`), env: apiEnv });
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  try {
    const redeemers = await seedMembers(db, `bench-cc-r-${runId}`, CONNECTIONS, 1_000_000);
    const tokens = await loginAll(api.base, redeemers);
    const consenting = await seedMembers(db, `bench-cc-c-${runId}`, CONSENTS, 1);
    await db.query('UPDATE usuario SET opt_in_email = true, ativado_em = now() WHERE id = ANY($1::uuid[])', [consenting.map((m) => m.id)]);
    const consentTokens = await loginAll(api.base, consenting);
    const people = consenting.map((m, i) => ({ ...m, token: consentTokens[i] }));
    const benefit = await seedBenefit(db, EVENTS);
    const admin = await login(api.base, 'admin@legiao.dev');
    const types = [['beneficio.resgatado', 'membro.atualizado'], ['beneficio.resgatado'], ['beneficio.resgatado']];
    for (const [i, t] of types.entries()) {
      const e = await createEndpoint(api.base, admin, { url: receivers.urls[i], description: `Bench ${runId}: ${i ? `loja ${i}` : 'CRM'}`, types: t });
      await receivers.setSecret(i, e.secret);
    }
    await sleep(1000);

    const idleLoad = await loadBefore(`a retirada sem carga (rodada ${run})`);
    const half = Math.floor(people.length / 2);
    const idleW = await withdraw(api.base, people.slice(0, half));
    const idle = await consentLatency(db, idleW.answeredAt);
    console.log(`  sem carga: ${int(idle.events)} eventos de consentimento; ao CRM p50 ${ms(idle.fromEvent.p50)}, p95 ${ms(idle.fromEvent.p95)}, máx ${ms(idle.fromEvent.max)} (desde o commit); p95 ${ms(idle.fromAnswer.p95)} desde o 200`);
    expect('sem carga: toda retirada respondida 200 e entregue ao CRM', idleW.failed.length === 0 && idle.missing === 0, `${idleW.failed.length} recusadas, ${idle.missing} não entregues`);

    const launchLoad = await loadBefore(`a retirada durante os resgates (rodada ${run})`);
    const loading = redemptionLoad({ base: api.base, tokens, benefitId: benefit.id, amount: EVENTS, connections: CONNECTIONS });
    await sleep(1000);
    const busyW = await withdraw(api.base, people.slice(half));
    const load = await loading;
    const busy = await consentLatency(db, busyW.answeredAt);
    // The reference: the redemptions' events at the same endpoint, same run (same queue, no lane).
    const { rows: rev } = await db.query(`SELECT id, (extract(epoch FROM criado_em) * 1000)::float8 AS at FROM evento WHERE tipo = 'beneficio.resgatado'`);
    await waitCrm(new Set(rev.map((r) => r.id)), load.endedAt);
    const { first, badSignatures } = await crmArrivals();
    const redemptionsLat = latencyStats(
      rev.filter((r) => first.has(r.id)).map((r) => first.get(r.id) - r.at),
      rev.filter((r) => !first.has(r.id)).length,
    );
    console.log(
      `  durante ${int(load.ok)} resgates a ${f1(load.rate)}/s: ${int(busy.events)} eventos de consentimento; ao CRM p50 ${ms(busy.fromEvent.p50)}, p95 ${ms(busy.fromEvent.p95)}, máx ${ms(busy.fromEvent.max)} (desde o 200: p95 ${ms(busy.fromAnswer.p95)}); ` +
        `os resgates no mesmo CRM: p50 ${ms(redemptionsLat.p50)}, p95 ${ms(redemptionsLat.p95)}`,
    );
    expect('durante os resgates: toda retirada respondida 200 e entregue ao CRM', busyW.failed.length === 0 && busy.missing === 0, `${busyW.failed.length} recusadas, ${busy.missing} não entregues`);
    expect('assinaturas válidas no CRM', badSignatures === 0, `${badSignatures} inválidas`);
    return { run, idleLoad, launchLoad, idle, busy, redemptionsLat, rate: load.rate };
  } finally {
    await db.end();
    await api.stop();
    const adminDb = new pg.Client({ connectionString: `${PG_BASE}/postgres` });
    await adminDb.connect();
    await adminDb.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`).catch(() => {});
    await adminDb.end();
  }
}

console.log(`bench/crm-consent.mjs: ${RUNS} rodada(s), ${CONSENTS} retiradas (${CONSENT_RATE}/s), ${int(EVENTS)} resgates; load average no início ${loadAverage()}; logs da API em ${logDir}`);
receivers = await startReceivers(3);
const rows = [];
try {
  for (let run = 1; run <= RUNS; run++) rows.push(await round(run));
} finally {
  await receivers.close();
}
console.table(
  rows.map((r) => ({
    rodada: r.run,
    'load 1 min (sem carga / resgates)': `${r.idleLoad.split(' / ')[0]} / ${r.launchLoad.split(' / ')[0]}`,
    'consentimento sem carga p50 / p95': `${ms(r.idle.fromEvent.p50)} / ${ms(r.idle.fromEvent.p95)}`,
    'consentimento com resgates p50 / p95': `${ms(r.busy.fromEvent.p50)} / ${ms(r.busy.fromEvent.p95)}`,
    'resgates no CRM p50 / p95': `${ms(r.redemptionsLat.p50)} / ${ms(r.redemptionsLat.p95)}`,
    'resgates/s': f1(r.rate),
  })),
);
const med = (f) => median(rows.map(f));
console.log(
  `RESUMO (medianas de ${rows.length}): consentimento retirado -> CRM sem carga p50 ${ms(med((r) => r.idle.fromEvent.p50))}, p95 ${ms(med((r) => r.idle.fromEvent.p95))}; ` +
    `durante resgates sem limite p50 ${ms(med((r) => r.busy.fromEvent.p50))}, p95 ${ms(med((r) => r.busy.fromEvent.p95))} ` +
    `(os eventos de resgate na mesma fila: p95 ${ms(med((r) => r.redemptionsLat.p95))}; razão p95 consentimento/resgates ${(med((r) => r.busy.fromEvent.p95 / r.redemptionsLat.p95)).toFixed(3)})`,
);
if (failures.length) {
  console.log(`FALHOU: ${failures.join('; ')}`);
  process.exitCode = 1;
}
