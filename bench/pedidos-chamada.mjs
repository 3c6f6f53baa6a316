// What one call of POST /api/integracao/v1/pedidos costs, by batch size (issue 31: the launch minute's
// orders come in small batches, and the CPU per order of a call of 10 was ~10x a call of 1,000's).
// MEMBERS (2,000) members seeded in SQL, a published launch of SKUS products open now; for each size in
// SIZES (1,10,100) one sender sends ORDERS (2,000) one-unit paid orders of a launch SKU (all within
// the allowance: a member's units stay under it), one call at a time, nothing else running; then:
// per call and per order, the wall time, the API's CPU and PostgreSQL's (from /proc, cpu-lib.mjs), and
// the statements its database received during one call of each size (log_statement = all server-wide
// for that call only, the lines of that database counted in LOG_FILE; the API's background pollers of
// that moment included, so an indication, not a figure). The bench's own CPU (the client) is printed apart. RUNS (3)
// rounds of each size, medians; load average before each round. BASELINE_DIST (another build's
// apps/api/dist/server.js, e.g. of a worktree at the commit before): that API too, on a database of its
// own, rounds alternated with this tree's, and the ratio of CPU per call (this / baseline) per round.
// Usage: pnpm --filter @legiao/api build && node bench/pedidos-chamada.mjs
//        (SIZES, ORDERS, MEMBERS, RUNS, BASELINE_DIST, BENCH_PG_URL, LOG_FILE (/var/log/postgresql/postgresql-15-main.log),
//        BENCH_DB (legiao_bench_chamada; the baseline's gets _ref), DURATIONS=1 (log each statement's duration instead))
import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { PG_BASE } from './lib.mjs';
import { freePort } from './resgate-lib.mjs';
import { cpuSince, cpuSnapshot } from './cpu-lib.mjs';
import { createStoreClient, freshDb, int, killEverything, loadAverage, login, median, seedLaunchBuyers, startApi } from './integracao-lib.mjs';

const SIZES = (process.env.SIZES ?? '1,10,100').split(',').map(Number);
const ORDERS = Number(process.env.ORDERS ?? 2000);
const MEMBERS = Number(process.env.MEMBERS ?? 2000);
const RUNS = Number(process.env.RUNS ?? 3);
const LOG_FILE = process.env.LOG_FILE ?? '/var/log/postgresql/postgresql-15-main.log';
const PREFIX = 'bench-chamada';
const SKUS = 40;
const logDir = mkdtempSync(join(tmpdir(), 'legiao-bench-chamada-'));
const saoPauloDay = () => new Date().toLocaleDateString('en-CA', { timeZone: 'America/Sao_Paulo' });
const emailOf = (i) => `${PREFIX}-${i}@bench.legiao.dev`;

async function seed(db) {
  await seedLaunchBuyers(db, { prefix: PREFIX, count: MEMBERS, cpfBase: 71000000000, name: 'Membro Chamada', skuPrefix: 'BENCH-CHAM', products: SKUS, productName: 'Garrafa de chamada' });
  // A generous allowance: this bench measures the call, not the refusals.
  await db.query(
    `INSERT INTO lancamento_produto (id, slug, nome, url_imagem, skus, acesso_inicio, acesso_fim, data_publica, cota_por_membro, regra, status, atualizado_em)
     SELECT gen_random_uuid(), 'bench-chamada', 'Garrafa de chamada', '/banners/lancamento-desktop.svg', array_agg(sku), now(), now() + interval '1 day', now() + interval '2 days', 1000, '{"condicoes":[]}', 'publicado', now()
       FROM produto WHERE sku LIKE 'BENCH-CHAM-%'`,
  );
  await db.query('ANALYZE');
}

let serial = 0;
/** `count` one-unit orders of distinct (member, order) in batches of `size`. */
function batchesOf(size, count, tag) {
  const batches = [];
  for (let i = 0; i < count; i += size) {
    const pedidos = [];
    for (let k = i; k < Math.min(count, i + size); k++) {
      const n = serial++;
      pedidos.push({ pedido: `${tag}-${n}`, email: emailOf(n % MEMBERS), data: saoPauloDay(), canal: 'Site oficial', estado: 'pago', itens: [{ sku: `BENCH-CHAM-${String(n % SKUS).padStart(3, '0')}`, quantidade: 1 }] });
    }
    batches.push(JSON.stringify({ pedidos }));
  }
  return batches;
}

async function send(base, key, body) {
  const res = await fetch(`${base}/api/integracao/v1/pedidos`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`pedidos: ${res.status} ${text.slice(0, 300)}`);
  const answer = JSON.parse(text);
  const bad = answer.pedidos.filter((p) => p.situacao !== 'aplicado');
  if (bad.length) throw new Error(`pedidos não aplicados: ${JSON.stringify(bad.slice(0, 2))}`);
}

/**
 * The statements PostgreSQL logged for one call: log_statement = all for the whole server during that
 * call only (ALTER SYSTEM and a reload reach the API's open connections, which a database's setting
 * would not), the log's lines of this database counted (Debian's prefix names it: user@database).
 */
async function statementsOfOneCall(db, dbName, base, key, body) {
  if (!existsSync(LOG_FILE)) return null;
  await db.query(process.env.DURATIONS ? `ALTER SYSTEM SET log_min_duration_statement = 0` : `ALTER SYSTEM SET log_statement = 'all'`);
  await db.query('SELECT pg_reload_conf()');
  await new Promise((r) => setTimeout(r, 500));
  const before = statSync(LOG_FILE).size;
  try {
    await send(base, key, body);
    await new Promise((r) => setTimeout(r, 300));
  } finally {
    await db.query(process.env.DURATIONS ? 'ALTER SYSTEM RESET log_min_duration_statement' : 'ALTER SYSTEM RESET log_statement');
    await db.query('SELECT pg_reload_conf()');
  }
  const lines = readFileSync(LOG_FILE, 'utf8').slice(before).split('\n').filter((l) => l.includes(`@${dbName} `) && /LOG: {2}(statement|execute [^:]*):/.test(l));
  return lines.length;
}

const apis = [];
/** An API of `dist` on a database of its own, seeded, with a store key; warmed up. */
async function setup(label, dist, dbName) {
  const dbUrl = await freshDb(PG_BASE, dbName);
  const api = await startApi({ port: await freePort(), dbUrl, logFile: join(logDir, `${label}.log`), dist });
  apis.push(api);
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  await seed(db);
  const admin = await login(api.base, 'admin@legiao.dev');
  const store = await createStoreClient(api.base, admin, { name: 'Bench loja (chamada)', scopes: ['pedidos:enviar'], perMinute: 100_000 });
  for (const body of batchesOf(10, 500, `aquece-${label}`)) await send(api.base, store.key, body);
  return { label, api, db, dbName, key: store.key };
}

/** One round: `count` orders in calls of `size`, one at a time; CPU per call. */
async function round(v, size, run) {
  const batches = batchesOf(size, ORDERS, `${v.label}-s${size}r${run}`);
  const load = loadAverage();
  const c0 = cpuSnapshot(v.api.pid);
  for (const body of batches) await send(v.api.base, v.key, body);
  const c = cpuSince(c0);
  const r = { load, wallMs: (c.wallS * 1000) / batches.length, apiMs: (c.api * 1000) / batches.length, pgMs: (c.pg * 1000) / batches.length, benchMs: (c.bench * 1000) / batches.length };
  console.log(`  ${v.label}, lote ${size}, rodada ${run} (load ${load}): ${batches.length} chamadas; por chamada: ${r.wallMs.toFixed(1)} ms de relógio, CPU API ${r.apiMs.toFixed(2)} ms + PostgreSQL ${r.pgMs.toFixed(2)} ms (cliente ${r.benchMs.toFixed(2)} ms)`);
  return r;
}

try {
  const baselineDist = process.env.BASELINE_DIST;
  console.log(`== Custo de uma chamada de pedidos por tamanho de lote: ${SIZES.join(', ')}; ${int(ORDERS)} pedidos por tamanho e rodada, ${RUNS} rodada(s)${baselineDist ? `; referência: ${baselineDist}, rodadas alternadas` : ''} ==`);
  console.log(`load average no início: ${loadAverage()}`);
  const dbName = process.env.BENCH_DB ?? 'legiao_bench_chamada';
  const variants = [];
  if (baselineDist) variants.push(await setup('referencia', baselineDist, `${dbName}_ref`));
  variants.push(await setup('esta', undefined, dbName));

  const rows = [];
  for (const size of SIZES) {
    const rounds = new Map(variants.map((v) => [v.label, []]));
    for (let run = 1; run <= RUNS; run++) {
      // Alternated, the first one changing each round: the machine's drift falls on both.
      const order = run % 2 ? variants : [...variants].reverse();
      for (const v of order) rounds.get(v.label).push(await round(v, size, run));
    }
    for (const v of variants) {
      const rs = rounds.get(v.label);
      const m = (k) => median(rs.map((r) => r[k]));
      const statements = await statementsOfOneCall(v.db, v.dbName, v.api.base, v.key, batchesOf(size, size, `log-${v.label}-${size}`)[0]);
      rows.push({ label: v.label, size, wall: m('wallMs'), api: m('apiMs'), pg: m('pgMs'), bench: m('benchMs'), statements, cpu: rs.map((r) => r.apiMs + r.pgMs) });
    }
  }
  console.log(`\n== Medianas de ${RUNS} rodada(s) ==`);
  console.log('| API | lote | por chamada: relógio / CPU API / CPU PostgreSQL | por pedido: CPU API + PostgreSQL | comandos SQL numa chamada |');
  console.log('|---|---|---|---|---|');
  for (const r of rows) console.log(`| ${r.label} | ${r.size} | ${r.wall.toFixed(1)} / ${r.api.toFixed(2)} / ${r.pg.toFixed(2)} ms | ${((r.api + r.pg) / r.size).toFixed(3)} ms | ${r.statements ?? 'sem log'} |`);
  if (baselineDist) {
    for (const size of SIZES) {
      const [ref, now] = ['referencia', 'esta'].map((l) => rows.find((r) => r.label === l && r.size === size));
      const ratios = now.cpu.map((c, i) => c / ref.cpu[i]);
      console.log(`  lote ${size}: CPU por chamada (API + PostgreSQL) esta / referência, por rodada: ${ratios.map((x) => x.toFixed(2)).join(', ')}; mediana ${median(ratios).toFixed(2)}`);
    }
  }
  for (const v of variants) await v.db.end();
  for (const a of apis) await a.stop();
} catch (err) {
  console.error(err);
  killEverything();
  process.exitCode = 1;
}
