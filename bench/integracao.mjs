// Issue 24 section 3 (docs/decisions/0041-store-integration.md): what the store integration must hold.
// 1. The same ORDERS (100,000) one-item orders (50,000 buyers seeded in SQL, 1 in 100 unknown: kept
//    pending; a referral waiting for a first purchase per 20 buyers) applied (a) by the back office's
//    CSV import (upload + dry run + apply, followed to the end) on one fresh database and (b) by the
//    integration, batches of 1,000, 4 senders in parallel, on another; time, orders/s, the API's RSS at
//    rest and peak (/proc every 100 ms), the ratio integration/CSV (aim >= 1); then both databases
//    compared in SQL (entries, credits, legion numbers per product, referrals, balances, pending orders).
// 2. The member home (bench/home.mjs's calls) for HOME_MEMBERS (100) members in a loop, alone and
//    while the 4 senders send HOME_ORDERS (100,000) more orders: pages/s and the ratio (aim >= 0.8).
// 3. A WORKERS=2 server (Redis on REDIS_URL, a key prefix of this run), 4 senders, one worker SIGKILLed
//    while it holds an open transaction of a batch (KILLS times); every batch left without an answer
//    or answered 5xx is sent again, same bytes: even batches with an Idempotency-Key, odd ones without;
//    then every order applied exactly once, checked in SQL.
// Before each measured part the 1-minute load average must be at most QUIET_LOAD (2.5): else it waits
// (up to QUIET_WAIT_S, 1,200 s) and says what it was. Exit 1 when an invariant fails.
// Usage: pnpm build && node bench/integracao.mjs
//   PARTS (1,2,3), RUNS (1: part 1's pair and part 2's pair, medians), ORDERS, MEMBERS, HOME_MEMBERS,
//   HOME_ORDERS, HOME_ALONE_S (20), KILL_ORDERS (80,000), KILL_MEMBERS (10,000), KILLS (2),
//   REDIS_URL (redis://127.0.0.1:6379), MAX_SECONDS (5,400), BENCH_PG_URL
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { PG_BASE } from './lib.mjs';
import { freePort, loginAll, seedMembers } from './resgate-lib.mjs';
import { follow, uploadFile } from './upload-lib.mjs';
import {
  batchesOf,
  compareResults,
  createStoreClient,
  freshDb,
  homeLoad,
  int,
  killEverything,
  LEGION_TOTAL,
  loadAverage,
  login,
  makeOrder,
  mb,
  median,
  newSendStats,
  pgClientPorts,
  sampleRss,
  seedStore,
  sendBatches,
  sleep,
  startApi,
  storeResult,
  tally,
  waitForQuiet,
  waitUntilServing,
  workerPids,
  writeCsv,
} from './integracao-lib.mjs';

const PARTS = new Set((process.env.PARTS ?? '1,2,3').split(',').map((s) => s.trim()));
const RUNS = Number(process.env.RUNS ?? 1);
const ORDERS = Number(process.env.ORDERS ?? 100_000);
const MEMBERS = Number(process.env.MEMBERS ?? 50_000);
const BATCH = 1000;
const SENDERS = 4;
const REFERRAL_EVERY = 20;
const EXTRA_PRODUCTS = 50;
const HOME_MEMBERS = Number(process.env.HOME_MEMBERS ?? 100);
const HOME_ORDERS = Number(process.env.HOME_ORDERS ?? 100_000);
const HOME_ALONE_S = Number(process.env.HOME_ALONE_S ?? 20);
const KILL_ORDERS = Number(process.env.KILL_ORDERS ?? 80_000);
const KILL_MEMBERS = Number(process.env.KILL_MEMBERS ?? 10_000);
const KILLS = Number(process.env.KILLS ?? 2);
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const MAX_SECONDS = Number(process.env.MAX_SECONDS ?? 5400);
// What the CSV import writes as the purchase place (OFFICIAL_SITE_PLACE in the contracts): the
// integration's orders carry it as their channel, so both leave identical entries.
const PLACE = 'Site oficial';
// The member home's figures are in bench/home.mjs at 200 connections; here one connection per member.
const runId = randomUUID().slice(0, 6);
const logDir = mkdtempSync(join(tmpdir(), 'legiao-bench-integracao-'));
const DB = { csv: 'legiao_bench_integracao_csv', api: 'legiao_bench_integracao_api', kill: 'legiao_bench_integracao_kill' };

const failures = [];
/** An invariant: printed with OK/✗; a ✗ makes the exit code 1. */
const expect = (what, ok, detail = '') => {
  console.log(`  ${ok ? 'OK' : '✗ '} ${what}${detail ? `: ${detail}` : ''}`);
  if (!ok) failures.push(what);
};
const aim = (what, ok) => `${ok ? '✓' : '✗'} (meta ${what})`;
const secs = (ms) => `${(ms / 1000).toFixed(1)} s`;

// Bounded in time: past MAX_SECONDS everything this run started is killed and the run fails.
const watchdog = setTimeout(() => {
  console.error(`\ntempo esgotado (MAX_SECONDS=${MAX_SECONDS}): interrompido`);
  killEverything();
  process.exit(1);
}, MAX_SECONDS * 1000);
watchdog.unref();
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => (killEverything(), process.exit(130)));

console.log(`bench/integracao.mjs: partes ${[...PARTS].join(', ')}, ${RUNS} rodada(s); load average no início ${loadAverage()}; logs da API em ${logDir}`);

/** The orders of part 1 (and the expected outcome of each): one item each. */
function partOneOrders(tag, skus) {
  const orders = Array.from({ length: ORDERS }, (_, i) => makeOrder(i, { tag, prefix: 'bench-int', members: MEMBERS, skus, place: PLACE }));
  return orders;
}
const isKnown = (o) => !o.email.startsWith('fora-');
/** Referred members (every REFERRAL_EVERY-th, from REFERRAL_EVERY on) with at least one order of a known buyer: their referral is confirmed. */
function expectedReferrals(orders, prefix, members) {
  const buyers = new Set(orders.filter(isKnown).map((o) => o.email));
  let n = 0;
  for (let g = REFERRAL_EVERY; g <= members; g += REFERRAL_EVERY) if (buyers.has(`${prefix}-${g}@bench.legiao.dev`)) n++;
  return n;
}

// --- part 1 --------------------------------------------------------------------------------------------

/** (a): the back office's CSV import of the orders, on a fresh database. */
async function viaCsv(run, tag) {
  await waitForQuiet(`a importação CSV (rodada ${run})`);
  const dbUrl = await freshDb(PG_BASE, DB.csv);
  const port = await freePort();
  const api = await startApi({ port, dbUrl, logFile: join(logDir, `api-csv-${run}.log`) });
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  const rss = sampleRss(api.pid);
  const file = join(logDir, `pedidos-${tag}.csv`);
  try {
    const t0 = performance.now();
    const skus = await seedStore(db, { prefix: 'bench-int', members: MEMBERS, referralEvery: REFERRAL_EVERY, extraProducts: EXTRA_PRODUCTS, cpfBase: 70_000_000_000 });
    const orders = partOneOrders(tag, skus);
    await writeCsv(file, orders);
    console.log(`  semente: ${int(MEMBERS)} membros, ${int(MEMBERS / REFERRAL_EVERY)} indicações pendentes, ${skus.length} produtos; arquivo de ${int(orders.length)} linhas, em ${secs(performance.now() - t0)}`);
    const [token] = await loginAll(api.base, [{ email: 'operacao@legiao.dev' }]);
    const auth = { authorization: `Bearer ${token}` };
    await sleep(1000);
    const rest = rss.now();
    rss.phase = 'csv';
    const start = performance.now();
    const mapping = JSON.stringify({ pedido: 'Pedido', email: 'E-mail', produto: 'SKU', quantidade: 'Qtd', dataCompra: 'Data' });
    const { body: imp } = await uploadFile(`${api.base}/api/admin/importacoes?tipo=compras`, { headers: auth, fields: { mapeamento: mapping }, file });
    const dryRunMs = performance.now() - start;
    const ap = await fetch(`${api.base}/api/admin/importacoes/${imp.id}/aplicar`, { method: 'POST', headers: auth });
    if (ap.status !== 202) throw new Error(`aplicar: ${ap.status} ${await ap.text()}`);
    const done = await follow(`${api.base}/api/admin/importacoes/${imp.id}`, { headers: auth, state: 'aplicando', everyMs: 100, progress: (c) => `${int(c.processados)}/${int(c.total)}` });
    const totalMs = performance.now() - start;
    const peak = rss.peaks.csv;
    const c = imp.simulacao;
    console.log(
      `  (a) CSV: envio + simulação ${secs(dryRunMs)} (novas ${int(c.novas)}, pendentes ${int(c.pendentes)}, recusadas ${int(c.recusadas)}, indicações ${int(c.indicacoes)}), ` +
        `aplicação ${secs(totalMs - dryRunMs)} (${done.estado}: ${int(done.resultado.novas)} compras, ${int(done.resultado.numeros)} números, ${int(done.resultado.indicacoes)} indicações)`,
    );
    const known = orders.filter(isKnown).length;
    expect('CSV: a importação terminou e registrou cada pedido de membro conhecido', done.estado === 'concluido' && done.resultado.novas === known && c.pendentes === orders.length - known && c.recusadas === 0, `${done.estado}, ${int(done.resultado.novas)} de ${int(known)} novas, ${int(c.pendentes)} pendentes, ${int(c.recusadas)} recusadas`);
    return { orders, skus, totalMs, rest, peak, dbUrl, loadText: loadAverage() };
  } finally {
    rss.stop();
    await db.end();
    await api.stop();
  }
}

/** (b): the integration, batches of 1,000, 4 senders, on a fresh database; the API stays up for part 2. */
async function viaIntegration(run, tag, csvSkus) {
  await waitForQuiet(`a integração (rodada ${run})`);
  const dbUrl = await freshDb(PG_BASE, DB.api);
  const port = await freePort();
  const api = await startApi({ port, dbUrl, logFile: join(logDir, `api-integracao-${run}.log`) });
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  const rss = sampleRss(api.pid);
  let keep = false;
  try {
    const skus = await seedStore(db, { prefix: 'bench-int', members: MEMBERS, referralEvery: REFERRAL_EVERY, extraProducts: EXTRA_PRODUCTS, cpfBase: 70_000_000_000 });
    if (csvSkus && skus.join() !== csvSkus.join()) throw new Error('os dois bancos têm catálogos diferentes');
    const orders = partOneOrders(tag, skus);
    const batches = batchesOf(orders, BATCH);
    const adminToken = await login(api.base, 'admin@legiao.dev');
    const client = await createStoreClient(api.base, adminToken, { name: `Bench ${tag}`, scopes: ['pedidos:enviar'], perMinute: 100_000 });
    await sleep(1000);
    const rest = rss.now();
    const outcomes = {};
    // Memory per quarter of the batches answered: flat means the last quarter's peak is no higher than the first's.
    let answered = 0;
    rss.phase = 'integracao-q1';
    const stats = await sendBatches({
      base: api.base,
      key: client.key,
      batches,
      senders: SENDERS,
      onAnswer: (b, answer) => {
        tally(answer, b, outcomes);
        answered++;
        rss.phase = `integracao-q${Math.min(4, 1 + Math.floor((answered * 4) / batches.length))}`;
      },
    });
    const totalMs = stats.lastAt - stats.firstAt;
    const quarters = [1, 2, 3, 4].map((q) => rss.peaks[`integracao-q${q}`] ?? 0);
    const peak = Math.max(...quarters);
    console.log(`  (b) RSS da API, pico por quarto dos lotes respondidos: ${quarters.map(mb).join(', ')}`);
    rss.phase = 'depois';
    console.log(`  (b) integração: ${batches.length} lotes de ${BATCH}, ${SENDERS} em paralelo, ${stats.calls} chamadas (${stats.retried.size} lotes repetidos; status ${JSON.stringify(stats.byStatus)}); respostas: ${JSON.stringify(outcomes)}`);
    const known = orders.filter(isKnown).length;
    expect('integração: cada pedido respondido, aplicado (membro conhecido) ou pendente', outcomes.aplicado === known && outcomes.pendente === orders.length - known && !outcomes.malformed && Object.keys(outcomes).every((k) => k === 'aplicado' || k === 'pendente'), JSON.stringify(outcomes));
    keep = true;
    return { orders, totalMs, rest, peak, quarters, dbUrl, api, db, rss, client, loadText: loadAverage(), stats };
  } finally {
    if (!keep) {
      rss.stop();
      await db.end();
      await api.stop();
    }
  }
}

async function partOne() {
  console.log(`\n== 1. ${int(ORDERS)} pedidos: importação CSV x integração (lotes de ${BATCH}, ${SENDERS} remetentes), lado a lado ==`);
  const rows = [];
  let last;
  for (let run = 1; run <= RUNS; run++) {
    const tag = `INT${runId}R${run}`;
    const a = await viaCsv(run, tag);
    if (last) {
      // The previous run's integration API (kept for part 2) is not needed any more.
      last.rss.stop();
      await last.db.end();
      await last.api.stop();
    }
    const b = await viaIntegration(run, tag, a.skus);
    last = b;
    const csvRate = ORDERS / (a.totalMs / 1000);
    const apiRate = ORDERS / (b.totalMs / 1000);
    rows.push({ csvRate, apiRate, ratio: apiRate / csvRate, a, b });
    console.log(`  rodada ${run}:`);
    console.log(`    CSV (envio + simulação + aplicação): ${secs(a.totalMs)}, ${int(csvRate)} pedidos/s; RSS da API em repouso ${mb(a.rest)}, pico ${mb(a.peak)} (+${mb(a.peak - a.rest)}); load average depois ${a.loadText}`);
    console.log(`    integração (do primeiro envio à última resposta): ${secs(b.totalMs)}, ${int(apiRate)} pedidos/s; RSS em repouso ${mb(b.rest)}, pico ${mb(b.peak)} (+${mb(b.peak - b.rest)}); load average depois ${b.loadText}`);
    console.log(`    razão integração/CSV: ${(apiRate / csvRate).toFixed(2)} ${aim('>= 1', apiRate / csvRate >= 1)}`);
    console.log(`    memória: último quarto dos lotes ${mb(b.quarters[3])}, primeiro ${mb(b.quarters[0])} (${b.quarters[3] <= b.quarters[0] * 1.1 ? 'plana' : 'CRESCEU'})`);

    // The same result in both databases, and the one the orders call for.
    const ca = new pg.Client({ connectionString: a.dbUrl });
    await ca.connect();
    try {
      const ra = await storeResult(ca, { tag, prefix: 'bench-int', pendingSql: `SELECT pedido FROM importacao_linha WHERE situacao = 'pendente' AND pedido LIKE $1` });
      const rb = await storeResult(b.db, { tag, prefix: 'bench-int', pendingSql: `SELECT pedido FROM pedido_loja WHERE situacao = 'pendente' AND pedido LIKE $1` });
      console.log('    os dois bancos (CSV | integração):');
      for (const r of compareResults(ra, rb)) console.log(`      ${r.same ? 'igual    ' : 'DIFERENTE'} ${r.name}: ${r.a} | ${r.b}`);
      const diff = compareResults(ra, rb).filter((r) => !r.same);
      expect('os dois bancos têm o mesmo resultado', diff.length === 0, diff.length ? diff.map((d) => d.name).join('; ') : '');
      const known = a.orders.filter(isKnown);
      const pieces = known.reduce((s, o) => s + o.itens.reduce((t, i) => t + i.quantidade, 0), 0);
      const referrals = expectedReferrals(a.orders, 'bench-int', MEMBERS);
      for (const [name, r] of [['CSV', ra], ['integração', rb]]) {
        expect(
          `${name}: o que os pedidos pedem`,
          r.entries.n === known.length && r.credits.n === known.length && r.credits.entradas === known.length && r.entries.pecas === pieces && r.numbers.n + r.numbers.faltando_no_limite === pieces &&
            r.numbers.entradas_sem_todos === 0 && r.perProduct.sem_repetidos && r.perProduct.contador_ok && r.referrals.confirmadas === referrals &&
            r.referrals.creditos === referrals && r.referrals.creditos_duplos === 0 && r.pending.n === a.orders.length - known.length,
          `${int(r.entries.n)} entradas e ${int(r.credits.n)} créditos (esperado ${int(known.length)}), ${int(r.numbers.n)} números para ${int(pieces)} peças (${int(r.numbers.faltando_no_limite)} sem número: ${r.numbers.produtos_no_limite} produto(s) chegaram a ${LEGION_TOTAL}), ` +
            `${int(r.referrals.confirmadas)} indicações confirmadas com ${int(r.referrals.creditos)} créditos (esperado ${int(referrals)}), ${int(r.pending.n)} pendentes`,
        );
      }
    } finally {
      await ca.end();
    }
  }
  if (RUNS > 1) {
    const med = (k) => median(rows.map((r) => r[k]));
    console.log(`  medianas de ${RUNS}: CSV ${int(med('csvRate'))} pedidos/s, integração ${int(med('apiRate'))} pedidos/s, razão ${med('ratio').toFixed(2)} (${rows.map((r) => r.ratio.toFixed(2)).join(', ')})`);
  }
  return last;
}

// --- part 2 --------------------------------------------------------------------------------------------

/** An API on a fresh database with part 1's buyers and a store client (when part 1 did not run). */
async function storeApi(name, logName, env = {}) {
  const dbUrl = await freshDb(PG_BASE, name);
  const port = await freePort();
  const api = await startApi({ port, dbUrl, logFile: join(logDir, logName), env });
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  return { api, db, dbUrl, port };
}

async function partTwo(fromOne) {
  console.log(`\n== 2. A home dos membros (${HOME_MEMBERS} membros em laço) sozinha e com ${SENDERS} remetentes enviando ${int(HOME_ORDERS)} pedidos ==`);
  let ctx = fromOne;
  if (!ctx) {
    ctx = await storeApi(DB.api, 'api-home.log');
    await seedStore(ctx.db, { prefix: 'bench-int', members: MEMBERS, referralEvery: REFERRAL_EVERY, extraProducts: EXTRA_PRODUCTS, cpfBase: 70_000_000_000 });
    ctx.client = await createStoreClient(ctx.api.base, await login(ctx.api.base, 'admin@legiao.dev'), { name: `Bench ${runId} home`, scopes: ['pedidos:enviar'], perMinute: 100_000 });
    ctx.rss = sampleRss(ctx.api.pid);
  }
  const { api, db, client, rss } = ctx;
  try {
    const members = await seedMembers(db, `bench-int-home-${runId}`, HOME_MEMBERS, 5);
    const tokens = await loginAll(api.base, members);
    const profiles = await Promise.all(
      tokens.map(async (token) => ({ token, ...(await (await fetch(`${api.base}/api/usuario/logged`, { headers: { authorization: `Bearer ${token}` } })).json()) })),
    );
    const skus = (await db.query('SELECT sku FROM produto WHERE ativo ORDER BY id')).rows.map((r) => r.sku);
    const rounds = [];
    for (let run = 1; run <= RUNS; run++) {
      await waitForQuiet(`a home sozinha (rodada ${run})`);
      rss.phase = `home-${run}`;
      const alone = await homeLoad(api.base, profiles, { duration: HOME_ALONE_S }).result;
      console.log(
        `  sozinha: ${alone.pages.toFixed(1)} páginas/s (${alone.perPage.toFixed(0)} chamadas por página, ${int(alone.calls)} chamadas em ${alone.seconds.toFixed(1)} s), p50 ${alone.p50} ms, p95 ${alone.p95.toFixed(0)} ms por chamada, não-2xx ${alone.non2xx}, erros ${alone.errors}; load average depois ${loadAverage()}`,
      );
      await waitForQuiet(`a home com a carga (rodada ${run})`);
      const tag = `INT${runId}H${run}`;
      const orders = Array.from({ length: HOME_ORDERS }, (_, i) => makeOrder(i, { tag, prefix: 'bench-int', members: MEMBERS, skus, place: PLACE }));
      const batches = batchesOf(orders, BATCH);
      const outcomes = {};
      rss.phase = `home-carga-${run}`;
      const home = homeLoad(api.base, profiles, { duration: 3600 });
      const stats = await sendBatches({ base: api.base, key: client.key, batches, senders: SENDERS, onAnswer: (b, answer) => tally(answer, b, outcomes) });
      home.stop();
      const loaded = await home.result;
      const sendS = (stats.lastAt - stats.firstAt) / 1000;
      console.log(
        `  com a carga: ${loaded.pages.toFixed(1)} páginas/s (${int(loaded.calls)} chamadas em ${loaded.seconds.toFixed(1)} s), p50 ${loaded.p50} ms, p95 ${loaded.p95.toFixed(0)} ms, não-2xx ${loaded.non2xx}, erros ${loaded.errors}; ` +
          `os remetentes: ${int(HOME_ORDERS)} pedidos em ${sendS.toFixed(1)} s = ${int(HOME_ORDERS / sendS)} pedidos/s (status ${JSON.stringify(stats.byStatus)}); load average depois ${loadAverage()}`,
      );
      console.log(`  RSS da API: pico ${mb(rss.peaks[`home-${run}`])} com a home sozinha, ${mb(rss.peaks[`home-carga-${run}`])} com a carga`);
      const known = orders.filter(isKnown).length;
      expect('carga: cada pedido aplicado ou pendente', outcomes.aplicado === known && outcomes.pendente === orders.length - known && Object.keys(outcomes).length === 2, JSON.stringify(outcomes));
      expect('a home: toda chamada respondida 2xx, sozinha e com a carga', alone.non2xx + alone.errors + loaded.non2xx + loaded.errors === 0, `não-2xx ${alone.non2xx} + ${loaded.non2xx}, erros ${alone.errors} + ${loaded.errors}`);
      rounds.push({ alone: alone.pages, loaded: loaded.pages, ratio: loaded.pages / alone.pages, rate: HOME_ORDERS / sendS });
      console.log(`  razão com carga / sozinha: ${(loaded.pages / alone.pages).toFixed(2)}`);
    }
    const alone = median(rounds.map((r) => r.alone));
    const loaded = median(rounds.map((r) => r.loaded));
    console.log(
      `  páginas/s sozinha ${alone.toFixed(1)}, com a carga ${loaded.toFixed(1)}${RUNS > 1 ? ` (medianas de ${RUNS})` : ''}: razão ${(loaded / alone).toFixed(2)} ${aim('>= 0.8', loaded / alone >= 0.8)}`,
    );
  } finally {
    rss?.stop();
    await db.end();
    await api.stop();
  }
}

// --- part 3 --------------------------------------------------------------------------------------------

/** The transactions open in PostgreSQL for worker `pid` (its connections, by client port). */
async function openTransactions(db, pid) {
  const ports = pgClientPorts(pid);
  if (!ports.length) return [];
  const { rows } = await db.query(
    `SELECT pid, state, left(regexp_replace(query, '\\s+', ' ', 'g'), 60) AS query, round(extract(epoch FROM now() - xact_start) * 1000)::int AS ms
       FROM pg_stat_activity WHERE datname = current_database() AND client_port = ANY($1::int[]) AND xact_start IS NOT NULL`,
    [ports],
  );
  return rows;
}

async function partThree() {
  console.log(`\n== 3. Um worker morto (SIGKILL) no meio de um lote: WORKERS=2, ${int(KILL_ORDERS)} pedidos de 1 a 3 itens, ${SENDERS} remetentes, ${KILLS} mortes ==`);
  await waitForQuiet('o processo morto');
  const redisPrefix = `legiao-bench-integracao:${runId}:`;
  const { api, db, port } = await storeApi(DB.kill, 'api-kill.log', {
    WORKERS: '2',
    REDIS_URL,
    REDIS_PREFIX: redisPrefix,
    FILA_REDIS_PREFIX: `legiao-bench-integracao:{fila-${runId}}:`,
    LOG_LEVEL: 'warn',
  });
  try {
    const prefix = 'bench-int-k';
    const skus = await seedStore(db, { prefix, members: KILL_MEMBERS, referralEvery: REFERRAL_EVERY, extraProducts: EXTRA_PRODUCTS, cpfBase: 71_000_000_000 });
    const tag = `INT${runId}K`;
    const orders = Array.from({ length: KILL_ORDERS }, (_, i) => makeOrder(i, { tag, prefix, members: KILL_MEMBERS, skus, items: (n) => 1 + (n % 3), place: PLACE }));
    const batches = batchesOf(orders, BATCH);
    const client = await createStoreClient(api.base, await login(api.base, 'admin@legiao.dev'), { name: `Bench ${tag}`, scopes: ['pedidos:enviar'], perMinute: 100_000 });
    const workers = workerPids(api.pid);
    console.log(`  API: primário ${api.pid}, workers ${workers.join(', ')}; Redis ${REDIS_URL} com o prefixo ${redisPrefix}; lotes pares com Idempotency-Key, ímpares sem`);
    expect('dois workers', workers.length === 2, workers.join(', '));

    const keyFor = (b) => (b.index % 2 === 0 ? `bench-${runId}-lote-${b.index}` : undefined);
    const last = new Map();
    const retriedAnswers = [];
    const stats = newSendStats();
    let sending = true;
    const send = sendBatches({
      base: api.base,
      key: client.key,
      batches,
      senders: SENDERS,
      keyFor,
      stats,
      onAnswer: (b, answer, meta) => {
        for (const r of answer.pedidos) last.set(r.pedido, r.situacao);
        if (meta.attempt > 1) retriedAnswers.push({ index: b.index, key: Boolean(keyFor(b)), replayed: meta.replayed, attempt: meta.attempt, outcomes: tally(answer, b) });
      },
    }).finally(() => (sending = false));

    const kills = [];
    const killer = (async () => {
      for (let k = 1; k <= KILLS; k++) {
        const threshold = Math.floor((batches.length * k) / (KILLS + 1));
        while (sending && stats.answered < threshold) await sleep(10);
        if (!sending) return;
        // The victim: a worker holding an open transaction that writes orders (looked for up to 20 s).
        let victim;
        let open = [];
        const until = performance.now() + 20_000;
        while (!victim && sending && performance.now() < until) {
          for (const pid of workerPids(api.pid)) {
            const rows = await openTransactions(db, pid);
            if (rows.some((r) => /pedido_loja|produto_cliente|numero_legionario|lancamento|FROM produto WHERE/i.test(r.query))) {
              victim = pid;
              open = rows;
              break;
            }
          }
          if (!victim) await sleep(5);
        }
        if (!sending) return;
        victim ??= workerPids(api.pid).at(-1);
        const inFlight = stats.inFlight;
        const answeredBefore = stats.answered;
        const lostBefore = stats.noAnswer;
        process.kill(victim, 'SIGKILL');
        const t = performance.now();
        // A killed worker's backend ends when PostgreSQL notices the closed connection: at once if it
        // is idle in its transaction, only when its statement ends if it is running one (waiting on a lock).
        const backendsGone = (async () => {
          for (const until = performance.now() + 120_000; performance.now() < until; ) {
            const { rows } = await db.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE pid = ANY($1::int[])', [open.map((r) => r.pid)]);
            if (rows[0].n === 0) return (performance.now() - t) / 1000;
            await sleep(20);
          }
          return null;
        })();
        let fresh;
        for (;;) {
          await sleep(50);
          const now = workerPids(api.pid);
          fresh = now.find((p) => !workers.includes(p) && !kills.some((k) => k.fresh === p));
          if (!now.includes(victim) && now.length >= 2 && fresh) break;
          if (performance.now() - t > 180_000) throw new Error('o primário não repôs o worker morto em 3 minutos');
        }
        const forkedS = (performance.now() - t) / 1000;
        await waitUntilServing(port, fresh);
        const servingS = (performance.now() - t) / 1000;
        const leftS = await backendsGone;
        kills.push({ victim, fresh, open, inFlight, forkedS, servingS, leftS, cut: stats.noAnswer - lostBefore, answeredBefore });
        console.log(
          `  morte ${k}: worker ${victim} (SIGKILL) com ${open.length} transação(ões) aberta(s) no PostgreSQL [${open.map((r) => `${r.state} há ${r.ms} ms: ${r.query}`).join(' | ') || 'nenhuma achada em 20 s'}], ` +
            `${inFlight} chamadas em andamento, ${answeredBefore} de ${batches.length} lotes já respondidos; novo worker ${fresh} criado em ${forkedS.toFixed(1)} s, recebendo conexões em ${servingS.toFixed(1)} s; ` +
            `as transações do morto terminaram (rollback) em ${leftS === null ? 'MAIS DE 120 s' : `${leftS.toFixed(1)} s`}; chamadas sem resposta até aí ${stats.noAnswer - lostBefore}`,
        );
      }
    })();
    const t0 = performance.now();
    await send;
    await killer;
    console.log(
      `  envio: ${batches.length} lotes em ${secs(performance.now() - t0)}, ${stats.calls} chamadas, ${stats.noAnswer} sem resposta (${JSON.stringify(stats.errors)}), status ${JSON.stringify(stats.byStatus)}, ${stats.retried.size} lotes enviados de novo (${[...stats.retried].sort((a, b) => a - b).join(', ')})`,
    );
    for (const r of retriedAnswers.sort((a, b) => a.index - b.index)) {
      console.log(`    lote ${r.index} (${r.key ? 'com Idempotency-Key' : 'sem chave'}), tentativa ${r.attempt}: ${r.replayed ? 'resposta guardada devolvida (Idempotent-Replayed)' : 'respondido'} ${JSON.stringify(r.outcomes)}`);
    }
    expect(`${KILLS} worker(s) morto(s) com um lote aberto no PostgreSQL`, kills.length === KILLS && kills.every((k) => k.open.length > 0), kills.map((k) => `${k.open.length} transação(ões)`).join(', '));
    expect('as transações do worker morto acabaram (rollback) no PostgreSQL', kills.every((k) => k.leftS !== null));

    // In SQL: every order once, as expected.
    const like = `${tag}-%`;
    const known = orders.filter(isKnown);
    const unknown = orders.filter((o) => !isKnown(o)).map((o) => o.pedido);
    const items = orders.reduce((s, o) => s + o.itens.length, 0);
    const knownItems = known.reduce((s, o) => s + o.itens.length, 0);
    const pieces = known.reduce((s, o) => s + o.itens.reduce((t, i) => t + i.quantidade, 0), 0);
    const referrals = expectedReferrals(orders, prefix, KILL_MEMBERS);
    const one = async (sql, params = [like]) => (await db.query(sql, params)).rows[0];
    const o = await one(
      `SELECT count(*)::int AS n, count(DISTINCT pedido)::int AS distintos, count(*) FILTER (WHERE situacao = 'aplicado')::int AS aplicados,
              count(*) FILTER (WHERE situacao = 'pendente')::int AS pendentes,
              count(*) FILTER (WHERE (pedido = ANY($2::text[])) <> (situacao = 'pendente') OR situacao NOT IN ('aplicado', 'pendente'))::int AS fora_do_esperado,
              (SELECT count(*)::int FROM pedido_loja_item i JOIN pedido_loja x ON x.id = i.pedido_loja_id WHERE x.pedido LIKE $1) AS itens
         FROM pedido_loja WHERE pedido LIKE $1`,
      [like, unknown],
    );
    const e = await one(
      `SELECT count(*)::int AS n, count(DISTINCT (codigo_pedido, produto_id))::int AS distintos, count(*) FILTER (WHERE pedido_loja_id IS NULL OR origem <> 'integracao')::int AS sem_pedido,
              (SELECT count(*)::int FROM pedido_loja x JOIN pedido_loja_item i ON i.pedido_loja_id = x.id
                 LEFT JOIN produto_cliente pc ON pc.pedido_loja_id = x.id AND pc.produto_id = i.produto_id
                WHERE x.pedido LIKE $1 AND x.situacao = 'aplicado' AND pc.id IS NULL) AS itens_sem_entrada
         FROM produto_cliente WHERE codigo_pedido LIKE $1`,
    );
    const c = await one(
      `SELECT COALESCE(sum(s.c), 0)::int AS total, count(*) FILTER (WHERE s.c <> 1)::int AS entradas_sem_um
         FROM (SELECT pc.id, count(l.id)::int AS c FROM produto_cliente pc LEFT JOIN lancamento l ON l.produto_cliente_id = pc.id AND l.motivo = 'compra'
                WHERE pc.codigo_pedido LIKE $1 GROUP BY pc.id) s`,
    );
    const dupNumbers = (await one('SELECT count(*)::int AS n FROM (SELECT produto_id, numero FROM numero_legionario GROUP BY 1, 2 HAVING count(*) > 1) d', [])).n;
    const r = await storeResult(db, { tag, prefix, pendingSql: `SELECT pedido FROM pedido_loja WHERE situacao = 'pendente' AND pedido LIKE $1` });
    const idle = (await one(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND state LIKE 'idle in transaction%'`, [])).n;
    const answers = {};
    for (const p of orders) {
      const s = last.get(p.pedido) ?? 'sem resposta';
      answers[s] = (answers[s] ?? 0) + 1;
    }
    console.log(`  respostas finais por pedido: ${JSON.stringify(answers)}`);
    console.log('  no banco:');
    expect('pedido_loja: uma linha por pedido enviado', o.n === orders.length && o.distintos === orders.length, `${int(o.n)} linhas, ${int(o.distintos)} pedidos distintos, ${int(orders.length)} enviados`);
    expect('cada pedido aplicado (comprador conhecido) ou pendente (desconhecido), como esperado', o.fora_do_esperado === 0 && o.aplicados === known.length && o.pendentes === unknown.length, `${int(o.aplicados)} aplicados (esperado ${int(known.length)}), ${int(o.pendentes)} pendentes (esperado ${int(unknown.length)}), ${o.fora_do_esperado} fora do esperado`);
    expect('pedido_loja_item: cada item uma vez', o.itens === items, `${int(o.itens)} de ${int(items)}`);
    expect('produto_cliente: uma entrada por item de pedido aplicado', e.n === knownItems && e.distintos === knownItems && e.sem_pedido === 0 && e.itens_sem_entrada === 0, `${int(e.n)} entradas (esperado ${int(knownItems)}), ${int(e.distintos)} distintas, ${e.sem_pedido} sem o pedido da loja, ${e.itens_sem_entrada} itens sem entrada`);
    expect('um crédito de compra por entrada', c.total === knownItems && c.entradas_sem_um === 0, `${int(c.total)} créditos, ${c.entradas_sem_um} entradas sem exatamente um`);
    expect(
      'números da Legião: nenhum repetido, exatamente um por peça',
      dupNumbers === 0 && r.perProduct.sem_repetidos && r.perProduct.contador_ok && r.numbers.n + r.numbers.faltando_no_limite === pieces && r.numbers.entradas_sem_todos === 0,
      `${int(r.numbers.n)} números para ${int(pieces)} peças, ${dupNumbers} repetidos, ${r.numbers.entradas_sem_todos} entradas com números a mais ou a menos, contadores ${r.perProduct.contador_ok ? 'iguais ao maior número' : 'DIFERENTES do maior número'}`,
    );
    expect('indicações: confirmadas uma vez, um crédito cada', r.referrals.confirmadas === referrals && r.referrals.creditos === referrals && r.referrals.creditos_duplos === 0, `${int(r.referrals.confirmadas)} confirmadas (esperado ${int(referrals)}), ${int(r.referrals.creditos)} créditos, ${r.referrals.creditos_duplos} em dobro`);
    expect('respostas: todo pedido respondido aplicado, pendente ou recebido', Object.keys(answers).every((k) => ['aplicado', 'pendente', 'recebido'].includes(k)), JSON.stringify(answers));
    expect('nenhuma transação esquecida aberta', idle === 0, `${idle} idle in transaction`);
  } finally {
    await db.end();
    await api.stop();
    try {
      const url = new URL(REDIS_URL);
      const args = ['-h', url.hostname, '-p', url.port || '6379'];
      const keys = execFileSync('redis-cli', [...args, '--scan', '--pattern', `legiao-bench-integracao:*${runId}*`], { encoding: 'utf8' }).split('\n').filter(Boolean);
      if (keys.length) execFileSync('redis-cli', [...args, 'DEL', ...keys]);
    } catch {}
  }
}

// --- main ---------------------------------------------------------------------------------------------------

try {
  let one;
  if (PARTS.has('1')) one = await partOne();
  if (PARTS.has('2')) await partTwo(one);
  else if (one) {
    one.rss.stop();
    await one.db.end();
    await one.api.stop();
  }
  if (PARTS.has('3')) await partThree();
} catch (err) {
  console.error(err);
  failures.push(`erro: ${err.message}`);
  killEverything();
}
console.log(`\nload average no fim: ${loadAverage()}`);
console.log(failures.length ? `✗ ${failures.length} invariante(s) falharam: ${failures.join('; ')}` : 'todas as invariantes OK');
if (!failures.length) rmSync(logDir, { recursive: true, force: true });
else console.log(`logs da API: ${logDir}`);
process.exitCode = failures.length ? 1 : 0;
