// Issue 31 section 5 (docs/decisions/0047-launches.md, part 2): the launch's first minute, as the store
// lives it. MEMBERS (5,000) eligible members seeded in SQL; each round makes a launch whose early-access
// window opens at the round's start, then during SECONDS (60):
//   - the store's checkout checks entitlements, GET /api/integracao/v1/lancamentos/{slug}/direito?email=
//     of a random member, CHECK_RATE a second (3 per member over the SECONDS), at most CONCURRENCY (50)
//     in flight, latency counted from when each check was due;
//   - the store sends every member's paid orders (1 unit of a launch SKU each): member i orders
//     COTA + (i % 3) units, so a third stay within the allowance, a third go 1 over, a third 2 over;
//     in batches of BATCH (10), shuffled (a member's orders race in different calls), SENDERS (4) in
//     parallel, spread over the SECONDS; every 10th batch is sent again (a retry: the same bytes,
//     every other one with an Idempotency-Key);
//   - the member home (bench/home.mjs's calls and GET /api/lancamentos, HOME_MEMBERS (50) connections) runs throughout.
// The store's checks and orders come from a process of their own (lancamentos-store.mjs: the store is
// another system), so this process's event loop drives only the home's load. Each phase's CPU is read
// from /proc (cpu-lib.mjs: the API, PostgreSQL, the bench's processes), and the launch's own CPU (all
// of it but what the home's pages cost at the home-alone rate) is printed as a share of what the home
// used alone: on a saturated 2-core machine the home keeps about 1 - that share.
// Printed per round: entitlement checks per second and p50/p95 flat out (CONCURRENCY loops, CHECK_S
// seconds, the machine otherwise idle) beside a bare SELECT of the same answer through pg at the same
// concurrency (over as many connections as the API's pools: 10 a process) in the same round (ratio),
// and at the launch's pace during the launch; the home alone and during the launch (ratio,
// aim >= 0.9); the load average before each measure; then the invariants in SQL, per member:
// units counted = min(ordered, allowance) (0 over, 0 lost), the access row's cota_usada equal to
// them, every order counted once. RUNS (1) rounds: medians when more. Exit 1 when an invariant fails.
// Usage: pnpm --filter @legiao/api build && node bench/lancamentos.mjs
//        (MEMBERS, SECONDS, CONCURRENCY, CHECK_RATE, COTA (2), BATCH, SENDERS, HOME_MEMBERS, CHECK_S (10), RUNS, BENCH_PG_URL,
//        WORKERS (1: API processes; more than 1 on Redis at LANC_REDIS_URL, redis://127.0.0.1:6379/5), BENCH_DB (legiao_bench_lancamentos, made anew), QUIET_LOAD, QUIET_WAIT_S)
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { PG_BASE } from './lib.mjs';
import { freePort, loginAll, seedMembers } from './resgate-lib.mjs';
import { checkVia, closedLoop, emailOf as storeEmailOf } from './lancamentos-store.mjs';
import { cpuSince, cpuSnapshot, describeCpu } from './cpu-lib.mjs';
import { createStoreClient, freshDb, homeLoad, int, killEverything, LEGION_TOTAL, loadAverage, login, median, seedLaunchBuyers, sendBatches, sleep, startApi, waitForQuiet } from './integracao-lib.mjs';

const MEMBERS = Number(process.env.MEMBERS ?? 5000);
const SECONDS = Number(process.env.SECONDS ?? 60);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 50);
const COTA = Number(process.env.COTA ?? 2);
const BATCH = Number(process.env.BATCH ?? 10);
const SENDERS = Number(process.env.SENDERS ?? 4);
const HOME_MEMBERS = Number(process.env.HOME_MEMBERS ?? 50);
// The home asks for the member's launches too (its pre-sale and coming-soon sections, ADR 0047 part 2):
// on launch day that call decides the rule for each member who opens the page. The home members
// are legionários in good standing, so the round's launch (empty rule) is theirs too.
const HOME_EXTRA = ['/api/lancamentos'];
const CHECK_S = Number(process.env.CHECK_S ?? 10);
/** The checkout's checks during the launch, a second: by default 3 per member over the SECONDS. */
const CHECK_RATE = Number(process.env.CHECK_RATE ?? Math.ceil((3 * MEMBERS) / SECONDS));
const RUNS = Number(process.env.RUNS ?? 1);
const WORKERS = Number(process.env.WORKERS ?? 1);
/** WORKERS > 1 only (config.ts requires Redis for several processes): LANC_REDIS_URL, database 5 by default. */
const REDIS_URL = process.env.LANC_REDIS_URL ?? 'redis://127.0.0.1:6379/5';
/** The API's pg pools (10 per process, db/prisma.ts): the bare reference gets as many connections. */
const BARE_CONNECTIONS = 10 * WORKERS;
const PREFIX = 'bench-lanc';
const logDir = mkdtempSync(join(tmpdir(), 'legiao-bench-lanc-'));
const failures = [];
const expect = (what, ok, detail = '') => {
  console.log(`  ${ok ? '✓' : '✗'} ${what}${detail ? ` (${detail})` : ''}`);
  if (!ok) failures.push(what);
};
const shuffle = (xs) => {
  for (let i = xs.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [xs[i], xs[j]] = [xs[j], xs[i]];
  }
  return xs;
};
const emailOf = (i) => storeEmailOf(PREFIX, i);
const loops = { concurrency: CONCURRENCY, members: MEMBERS };
const ordersOf = (i) => COTA + (i % 3);
const TOTAL_UNITS = Array.from({ length: MEMBERS }, (_, i) => ordersOf(i)).reduce((a, b) => a + b, 0);
// A product gives at most LEGION_TOTAL legion numbers: enough launch SKUs for every unit of a round.
const LAUNCH_PRODUCTS = Math.max(1, Math.ceil((TOTAL_UNITS * RUNS) / (LEGION_TOTAL - 100)));

/** The eligible members and the launch's products (LAUNCH_PRODUCTS + 1: the first is the checks' warm-up launch's). */
const seed = (db) =>
  seedLaunchBuyers(db, { prefix: PREFIX, count: MEMBERS, cpfBase: 70000000000, name: 'Membro Lançamento', skuPrefix: 'BENCH-LANC', products: LAUNCH_PRODUCTS + 1, productName: 'Garrafa de lançamento' });

/** A published launch for every legionário (the empty rule), its window from now for a day. */
async function makeLaunch(db, slug, skus) {
  const { rows } = await db.query(
    `INSERT INTO lancamento_produto (id, slug, nome, url_imagem, skus, acesso_inicio, acesso_fim, data_publica, cota_por_membro, regra, status, atualizado_em)
     VALUES (gen_random_uuid(), $1, 'Garrafa ' || $1, '/banners/lancamento-desktop.svg', $2, now(), now() + interval '1 day', now() + interval '2 days', $3, '{"condicoes":[]}', 'publicado', now())
     RETURNING id::text`,
    [slug, skus, COTA],
  );
  return rows[0].id;
}

/**
 * The same answer as the API's (the published launch by slug, the account by e-mail in good standing
 * and of the audience, the units used), in one SELECT: the physical floor of the check.
 */
const checkBare = (pool, slug) => async (i) => {
  const { rows } = await pool.query({
    name: 'bare-direito',
    text: `SELECT (u.bloqueado_em IS NULL AND u.excluido_em IS NULL AND u.tipo = 'legionario') AS elegivel,
                  (l.acesso_inicio <= now() AND now() < l.acesso_fim) AS em_janela, l.cota_por_membro, coalesce(a.cota_usada, 0) AS cota_usada,
                  l.acesso_inicio, l.acesso_fim, l.data_publica
             FROM lancamento_produto l JOIN usuario u ON u.email = $2
             LEFT JOIN acesso_antecipado a ON a.lancamento_id = l.id AND a.usuario_id = u.id
            WHERE l.slug = $1 AND l.status = 'publicado'`,
    values: [slug, emailOf(i)],
  });
  if (rows[0]?.elegivel !== true) throw new Error(`bare ${emailOf(i)}: ${JSON.stringify(rows[0])}`);
};

/**
 * Today in São Paulo (the day a store in Brazil writes): the UTC day is "in the future" for the contract
 * from 00:00 to 02:00 UTC (it accepts up to the latest day in Brazil), and every order was refused then.
 */
const saoPauloDay = () => new Date().toLocaleDateString('en-CA', { timeZone: 'America/Sao_Paulo' });

/** Every member's orders of a round, shuffled into batches; every 10th batch repeated (a retry). */
function plan(tag, skus) {
  const orders = [];
  for (let i = 0; i < MEMBERS; i++) {
    for (let k = 0; k < ordersOf(i); k++) {
      orders.push({ pedido: `${tag}-${i}-${k}`, email: emailOf(i), data: saoPauloDay(), canal: 'Site oficial', estado: 'pago', itens: [{ sku: skus[(i + k) % skus.length], quantidade: 1 }] });
    }
  }
  shuffle(orders);
  const batches = [];
  for (let i = 0; i < orders.length; i += BATCH) {
    const list = orders.slice(i, i + BATCH);
    batches.push({ index: batches.length, orders: list, body: JSON.stringify({ pedidos: list }) });
  }
  const first = batches.length;
  for (let i = 0; i < first; i += 10) batches.push({ ...batches[i], index: batches.length, retryOf: i });
  return { orders, batches };
}

/** The invariants of a round's launch, in SQL. */
async function invariants(db, launchId, tag) {
  const { rows } = await db.query(
    `WITH ordered AS (
       SELECT o.usuario_id, sum(i.quantidade)::int AS units, count(DISTINCT o.id)::int AS orders
         FROM pedido_loja o JOIN pedido_loja_item i ON i.pedido_loja_id = o.id
        WHERE o.pedido LIKE $2 || '-%' GROUP BY 1),
          counted AS (
       SELECT usuario_id, sum(unidades) FILTER (WHERE NOT acima_da_cota AND cancelado_em IS NULL)::int AS na_cota, count(*)::int AS uses, count(DISTINCT pedido_loja_id)::int AS distinct_orders
         FROM lancamento_pedido WHERE lancamento_id = $1::uuid GROUP BY 1)
     SELECT count(*)::int AS members,
            coalesce(sum(o.units), 0)::int AS ordered,
            coalesce(sum(coalesce(c.na_cota, 0)), 0)::int AS counted,
            coalesce(sum(greatest(0, coalesce(c.na_cota, 0) - $3)), 0)::int AS over,
            coalesce(sum(greatest(0, least(o.units, $3) - coalesce(c.na_cota, 0))), 0)::int AS lost,
            count(*) FILTER (WHERE coalesce(c.na_cota, 0) <> least(o.units, $3))::int AS wrong_members,
            count(*) FILTER (WHERE coalesce(a.cota_usada, 0) <> coalesce(c.na_cota, 0))::int AS access_mismatch,
            coalesce(sum(c.uses), 0)::int AS uses, coalesce(sum(o.orders), 0)::int AS orders,
            count(*) FILTER (WHERE c.uses <> c.distinct_orders)::int AS twice
       FROM ordered o LEFT JOIN counted c ON c.usuario_id = o.usuario_id
       LEFT JOIN acesso_antecipado a ON a.usuario_id = o.usuario_id AND a.lancamento_id = $1::uuid`,
    [launchId, tag, COTA],
  );
  return rows[0];
}

/**
 * The launch's own CPU in a round: what the API, PostgreSQL and the bench's processes used during it,
 * less what the home's pages of that span cost at the home-alone rate (CPU per page). Its share of the
 * CPU the home used alone is what a saturated machine had to take from the home: a ratio near
 * 1 - share is the machine's arithmetic, not the code's latency.
 */
function launchShare(alone, alonePages, during, duringPages) {
  // Pages are per second over the home's SECONDS; the spans' CPU is over their wall time (the launch's
  // span lasts until the store's last order, so it can be longer than the home's).
  const aloneCpu = alone.api + alone.pg + alone.bench;
  const perPage = aloneCpu / (alonePages * SECONDS);
  const seconds = Math.max(0, during.api + during.pg + during.bench - perPage * duringPages * SECONDS);
  return { seconds, share: seconds / ((aloneCpu * during.wallS) / alone.wallS) };
}

let api;
let db;
let bare;
try {
  console.log(`== Lançamento: ${WORKERS} processo(s) da API, ${int(MEMBERS)} membros elegíveis, cota ${COTA}, ${int(TOTAL_UNITS)} pedidos por rodada (lotes de ${BATCH}, ${SENDERS} envios), ${SECONDS} s; ${CONCURRENCY} consultas de direito em paralelo; ${RUNS} rodada(s) ==`);
  console.log(`load average no início: ${loadAverage()}`);
  const dbUrl = await freshDb(PG_BASE, process.env.BENCH_DB ?? 'legiao_bench_lancamentos');
  // WORKERS=2: two API processes on one port (ADR 0025), so a member's concurrent orders also race across processes.
  // More than one process needs Redis (config.ts: the waiting room, the limits); a prefix of this run's own.
  const shared = WORKERS > 1 ? { REDIS_URL: REDIS_URL, REDIS_PREFIX: `legiao-bench-lanc:${Date.now().toString(36)}:`, FILA_REDIS_PREFIX: `legiao-bench-lanc-fila:${Date.now().toString(36)}:` } : {};
  api = await startApi({ port: await freePort(), dbUrl, logFile: join(logDir, 'api.log'), env: { WORKERS: String(WORKERS), ...shared } });
  db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  bare = new pg.Pool({ connectionString: dbUrl, max: BARE_CONNECTIONS });
  await seed(db);
  const { rows: skuRows } = await db.query(`SELECT sku FROM produto WHERE sku LIKE 'BENCH-LANC-%' ORDER BY sku`);
  const [warmSku, ...skus] = skuRows.map((r) => r.sku);
  const admin = await login(api.base, 'admin@legiao.dev');
  // Two clients of the store (the checkout's checks and the order feed), each at the highest limit a key may have (100,000 calls a minute).
  const storeClient = await createStoreClient(api.base, admin, { name: 'Bench loja (pedidos)', scopes: ['pedidos:enviar'], perMinute: 100_000 });
  const checker = await createStoreClient(api.base, admin, { name: 'Bench loja (checkout)', scopes: ['lancamentos:consultar'], perMinute: 100_000 });
  const homeMembers = await seedMembers(db, 'bench-lanc-home', HOME_MEMBERS, 5);
  const tokens = await loginAll(api.base, homeMembers);
  const profiles = await Promise.all(tokens.map(async (token) => ({ token, ...(await (await fetch(`${api.base}/api/usuario/logged`, { headers: { authorization: `Bearer ${token}` } })).json()) })));
  // The checks alone read a launch of their own (a SKU nobody orders), so the rounds' launches start empty.
  const warmSlug = `${PREFIX}-aquecimento`;
  await makeLaunch(db, warmSlug, [warmSku]);
  // Warm-ups (the JIT, the pools, the statements) before anything is measured.
  await homeLoad(api.base, profiles, { duration: Math.min(5, SECONDS), extraCalls: HOME_EXTRA }).result;
  await closedLoop(Math.min(5, CHECK_S), checkVia(api.base, checker.key, warmSlug, PREFIX), loops);
  await closedLoop(Math.min(5, CHECK_S), checkBare(bare, warmSlug), loops);

  const rounds = [];
  for (let run = 1; run <= RUNS; run++) {
    console.log(`\n-- rodada ${run} --`);
    await waitForQuiet(`a home sozinha (rodada ${run})`);
    const cpuAlone0 = cpuSnapshot(api.pid);
    const alone = await homeLoad(api.base, profiles, { duration: SECONDS, extraCalls: HOME_EXTRA }).result;
    const cpuAlone = cpuSince(cpuAlone0);
    console.log(`  home sozinha: ${alone.pages.toFixed(1)} páginas/s (p95 ${alone.p95.toFixed(0)} ms); ${describeCpu(cpuAlone)}`);
    await waitForQuiet(`as consultas de direito sozinhas (rodada ${run})`);
    const cpuChecks0 = cpuSnapshot(api.pid);
    const apiAlone = await closedLoop(CHECK_S, checkVia(api.base, checker.key, warmSlug, PREFIX), loops);
    const cpuChecks = cpuSince(cpuChecks0);
    // The CPU of one check, the client's included (this process drove them): API, PostgreSQL and bench.
    const cpuPerCheck = (cpuChecks.api + cpuChecks.pg + cpuChecks.bench) / apiAlone.n;
    await waitForQuiet(`o SELECT de referência (rodada ${run})`);
    const bareAlone = await closedLoop(CHECK_S, checkBare(bare, warmSlug), loops);
    console.log(
      `  direito pela API, sozinho: ${int(apiAlone.rate)}/s, p50 ${apiAlone.p50.toFixed(1)} ms, p95 ${apiAlone.p95.toFixed(1)} ms; SELECT puro (pg, ${BARE_CONNECTIONS} conexões): ${int(bareAlone.rate)}/s, p50 ${bareAlone.p50.toFixed(1)} ms, p95 ${bareAlone.p95.toFixed(1)} ms; razão ${(apiAlone.rate / bareAlone.rate).toFixed(2)}`,
    );
    expect('direito: toda consulta respondida (sozinha)', apiAlone.errors + bareAlone.errors === 0, `erros ${apiAlone.errors}+${bareAlone.errors}`);

    await waitForQuiet(`o lançamento (rodada ${run})`);
    const tag = `LANC${run}-${Date.now().toString(36)}`;
    const slug = `${PREFIX}-${run}-${Date.now().toString(36)}`;
    const launchId = await makeLaunch(db, slug, skus);
    const { batches } = plan(tag, skus);
    // The store (checks and orders) in a process of its own (lancamentos-store.mjs), started with the home.
    const storeProcess = fork(fileURLToPath(new URL('./lancamentos-store.mjs', import.meta.url)), ['--loja'], { stdio: 'inherit' });
    const storeDone = new Promise((resolve, reject) => {
      storeProcess.once('message', (m) => (m.ok ? resolve(m) : reject(new Error(`loja: ${m.error}`))));
      storeProcess.once('exit', (code) => reject(new Error(`a loja terminou sem responder (código ${code})`)));
    });
    storeDone.catch(() => {});
    const cpu0 = cpuSnapshot(api.pid);
    storeProcess.send({ base: api.base, checkerKey: checker.key, storeKey: storeClient.key, slug, prefix: PREFIX, tag, seconds: SECONDS, checkRate: CHECK_RATE, concurrency: CONCURRENCY, members: MEMBERS, senders: SENDERS, batches });
    const home = homeLoad(api.base, profiles, { duration: SECONDS, extraCalls: HOME_EXTRA });
    const [during, { launchChecks, sentIn, situations, launchUses, cpuS: storeCpuS }] = await Promise.all([home.result, storeDone]);
    const cpuDuring = cpuSince(cpu0, { extraBench: storeCpuS });
    console.log(`  pedidos: ${int(batches.length)} chamadas em ${sentIn.toFixed(1)} s; situações ${JSON.stringify(situations)}; unidades nas respostas ${JSON.stringify(launchUses)}`);
    console.log(`  direito pela API durante o lançamento (${int(CHECK_RATE)}/s pedidas): ${int(launchChecks.rate)}/s, p50 ${launchChecks.p50.toFixed(1)} ms, p95 ${launchChecks.p95.toFixed(1)} ms desde a hora marcada (${int(launchChecks.n)} consultas)`);
    console.log(`  home durante o lançamento: ${during.pages.toFixed(1)} páginas/s (p95 ${during.p95.toFixed(0)} ms); razão ${(during.pages / alone.pages).toFixed(2)}; ${describeCpu(cpuDuring)}`);
    const launchCpu = launchShare(cpuAlone, alone.pages, cpuDuring, during.pages);
    const checksCpu = Math.min(launchCpu.seconds, cpuPerCheck * launchChecks.n);
    console.log(
      `  CPU do lançamento (API + PostgreSQL + loja, fora a da home): ${launchCpu.seconds.toFixed(1)} s, ${(100 * launchCpu.share).toFixed(0)} % da CPU que a home usava sozinha (a razão que a máquina cheia permite: ~${(1 - launchCpu.share).toFixed(2)}); ` +
        `consultas ~${checksCpu.toFixed(1)} s (${(1000 * cpuPerCheck).toFixed(2)} ms de CPU cada, medido sozinho), pedidos ~${(launchCpu.seconds - checksCpu).toFixed(1)} s (${((1000 * (launchCpu.seconds - checksCpu)) / batches.length).toFixed(1)} ms por chamada de ${BATCH})`,
    );
    expect('home: toda chamada respondida 2xx', alone.non2xx + alone.errors + during.non2xx + during.errors === 0, `não-2xx ${alone.non2xx}+${during.non2xx}, erros ${alone.errors}+${during.errors}`);
    expect('direito: toda consulta respondida (durante)', launchChecks.errors === 0, `erros ${launchChecks.errors}`);

    const inv = await invariants(db, launchId, tag);
    const expectedCounted = Array.from({ length: MEMBERS }, (_, i) => Math.min(ordersOf(i), COTA)).reduce((a, b) => a + b, 0);
    expect('cada membro: unidades na cota = min(pedidas, cota)', inv.wrong_members === 0 && inv.members === MEMBERS, `${inv.members} membros, ${inv.wrong_members} errados`);
    expect('0 unidades acima da cota, 0 perdidas', inv.over === 0 && inv.lost === 0, `acima ${inv.over}, perdidas ${inv.lost}; contadas ${int(inv.counted)} de ${int(expectedCounted)} esperadas`);
    expect('cota_usada do acesso = unidades na cota', inv.access_mismatch === 0, `${inv.access_mismatch} diferentes`);
    expect('cada pedido contado uma vez', inv.uses === inv.orders && inv.twice === 0 && inv.orders === TOTAL_UNITS, `${int(inv.uses)} usos, ${int(inv.orders)} pedidos, ${int(TOTAL_UNITS)} enviados, ${inv.twice} em dobro`);
    expect('as respostas somam o mesmo que o banco', (launchUses['na-cota'] ?? 0) === inv.counted, `na-cota nas respostas ${launchUses['na-cota'] ?? 0}, no banco ${inv.counted}`);
    // The round's launch leaves the home (archived, as marketing would): the next round's home, alone
    // and during, asks for one launch as this one did, not for every earlier round's too.
    await db.query(`UPDATE lancamento_produto SET status = 'arquivado' WHERE id = $1`, [launchId]);
    rounds.push({ checkRate: apiAlone.rate, checkP95: apiAlone.p95, bareRate: bareAlone.rate, bareP95: bareAlone.p95, ratio: apiAlone.rate / bareAlone.rate, duringRate: launchChecks.rate, duringP95: launchChecks.p95, home: during.pages / alone.pages, launchShare: launchCpu.share });
  }
  const m = (k) => median(rounds.map((r) => r[k]));
  console.log(`\n== ${RUNS > 1 ? `Medianas de ${RUNS}` : 'Resumo'} ==`);
  console.log(`  direito sozinho: ${int(m('checkRate'))}/s, p95 ${m('checkP95').toFixed(1)} ms; SELECT puro ${int(m('bareRate'))}/s, p95 ${m('bareP95').toFixed(1)} ms; razão ${m('ratio').toFixed(2)}`);
  console.log(`  direito durante o lançamento (${int(CHECK_RATE)}/s pedidas): ${int(m('duringRate'))}/s, p95 ${m('duringP95').toFixed(1)} ms`);
  console.log(`  home durante o lançamento / sozinha: ${m('home').toFixed(2)} (meta >= 0.9: ${m('home') >= 0.9 ? 'atingida' : 'NÃO atingida'}); CPU do lançamento: ${(100 * m('launchShare')).toFixed(0)} % da CPU da home sozinha`);
} catch (err) {
  console.error(err);
  failures.push(`erro: ${err.message}`);
  killEverything();
} finally {
  await bare?.end().catch(() => {});
  await db?.end().catch(() => {});
  await api?.stop();
}
console.log(`\nload average no fim: ${loadAverage()}`);
console.log(failures.length ? `✗ ${failures.length} verificação(ões) falharam: ${failures.join('; ')}` : 'todas as verificações OK');
if (!failures.length) rmSync(logDir, { recursive: true, force: true });
else console.log(`logs da API: ${logDir}`);
process.exitCode = failures.length ? 1 : 0;
