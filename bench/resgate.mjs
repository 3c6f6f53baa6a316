// Redemptions under load, against today's code and a baseline revision in the same run: 100
// concurrent members (one connection each, each with its own token) redeem a benefit whose pool holds
// 10,000 codes, until the pool is empty. For each API: redemptions per second, p50/p95/p99, the load
// average just before, then the invariants in SQL (every code went to exactly one redemption with
// exactly one debit, no balance below zero). For reference, GET /api/beneficio (the list, per member)
// and GET /api/usuario/logged (how busy the machine is) at the same concurrency. Then new/baseline.
// The baseline (BASELINE=<rev>, default eb75624 = main before issue 13; BASELINE=none skips it) is a
// `git worktree add --detach` of that revision in a temporary folder, installed from the warm pnpm
// store, started as that revision started (`node --import tsx src/server.ts`) on its own database,
// and removed at the end. Today's API is the built one (apps/api/dist: run `pnpm build` first).
// Each API gets a freshly created database, so both start from the same state. Also printed: the CPU
// time per redemption of the API process and of the PostgreSQL backends serving its database (Linux
// /proc), which depends far less on the machine's other jobs than the rate does.
// Usage: node bench/resgate.mjs   (local PostgreSQL; BENCH_PG_URL, BASELINE, CODIGOS, CONNECTIONS, DURATION, REFERENCIAS=0)
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';
import { fmt, startApi } from './lib.mjs';
import { checkInvariants, freePort, freshDb, invariantsOk, loginAll, prepareRevision, seedBenefit, seedMembers, startApiAt } from './resgate-lib.mjs';

const CODES = Number(process.env.CODIGOS ?? 10_000);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 100);
const DURATION = Number(process.env.DURATION ?? 10);
const BASELINE = process.env.BASELINE ?? 'eb75624';
const REFERENCES = process.env.REFERENCIAS !== '0';

const percentiles = (r) => ({ p50: r.latency.p50, p95: r.latency.p90 + ((r.latency.p97_5 - r.latency.p90) * 5) / 7.5, p99: r.latency.p99 });
const load = () => loadavg().map((x) => fmt(x, 2)).join(' / ');

// CPU time (user + system) of the API process and of the PostgreSQL backends serving its database,
// from /proc (Linux): per redemption, it hardly depends on what else the machine runs, unlike the
// rate. Other jobs' backends (other databases) are not counted.
const TICKS = 100; // USER_HZ
function cpuTicks(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(f[11]) + Number(f[12]);
}
function cpuNow(apiPid, dbName) {
  const backends = new Map();
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (cmd.startsWith('postgres:') && cmd.split(' ').includes(dbName)) backends.set(pid, cpuTicks(pid));
    } catch {}
  }
  let api = 0;
  try {
    api = cpuTicks(apiPid);
  } catch {}
  return { api, backends };
}
/** ms of CPU per redemption between two cpuNow() readings (a backend that started in between counts from 0). */
function cpuByRedemption(before, after, redemptions) {
  let pg = 0;
  for (const [pid, t] of after.backends) pg += t - (before.backends.get(pid) ?? 0);
  const ms = (ticks) => (ticks * 1000) / TICKS / Math.max(redemptions, 1);
  return { api: ms(after.api - before.api), pg: ms(pg) };
}

/** One API, started by `start` on a fresh database: the redemption load, the invariants, the references. */
async function measure(name, start, dbName) {
  const DB_URL = await freshDb(dbName);
  const PORT = await freePort();
  const base = `http://127.0.0.1:${PORT}`;
  // The API migrates the database on start; the data goes in once the tables exist.
  const api = await start(PORT, { DATABASE_URL: DB_URL, FILA_ENABLED: 'false' });
  const c = new pg.Client({ connectionString: DB_URL });
  await c.connect();
  try {
    const members = await seedMembers(c, `bench-resgate-${randomUUID().slice(0, 6)}`, CONNECTIONS, 1_000_000);
    const benefit = await seedBenefit(c, CODES);
    const tokens = await loginAll(base, members);
    await new Promise((r) => setTimeout(r, 2000)); // let the start and the seeding settle
    const loadBefore = load();

    // One member per connection; every request a new Idempotency-Key (so the replay lookup is paid too).
    let next = 0;
    const cpuBefore = cpuNow(api.child.pid, dbName);
    const t0 = Date.now();
    const redemption = await autocannon({
      url: `${base}/api/beneficio/resgate`,
      connections: CONNECTIONS,
      amount: CODES,
      timeout: 30,
      setupClient: (client) => client.setHeaders({ authorization: `Bearer ${tokens[next++ % tokens.length]}`, 'content-type': 'application/json' }),
      requests: [{ method: 'POST', body: JSON.stringify({ idBeneficio: benefit.id }), setupRequest: (req) => ({ ...req, headers: { ...req.headers, 'idempotency-key': randomUUID() } }) }],
    });
    const seconds = (Date.now() - t0) / 1000;
    const cpu = cpuByRedemption(cpuBefore, cpuNow(api.child.pid, dbName), redemption['2xx']);
    const inv = await checkInvariants(c, benefit.id, members.map((m) => m.id));

    let list = null;
    let logged = null;
    if (REFERENCES) {
      next = 0;
      list = await autocannon({ url: `${base}/api/beneficio`, connections: CONNECTIONS, duration: DURATION, setupClient: (client) => client.setHeaders({ authorization: `Bearer ${tokens[next++ % tokens.length]}` }) });
      // How busy the machine is: the smallest authenticated call, same concurrency.
      next = 0;
      logged = await autocannon({ url: `${base}/api/usuario/logged`, connections: CONNECTIONS, duration: DURATION, setupClient: (client) => client.setHeaders({ authorization: `Bearer ${tokens[next++ % tokens.length]}` }) });
    }
    const r = percentiles(redemption);
    const m = {
      nome: name,
      cargaAntes: loadBefore,
      pedidos: redemption.requests.total,
      segundos: seconds,
      // Redemptions are the 201s (a refusal, e.g. a 503, is not one).
      porSegundo: redemption['2xx'] / seconds,
      ...r,
      ok: redemption['2xx'],
      non2xx: redemption.non2xx,
      erros: redemption.errors,
      inv,
      invOk: invariantsOk(inv) && inv.codigosEntregues === redemption['2xx'],
      cpu,
      lista: list && { rps: list.requests.average, p95: percentiles(list).p95, non2xx: list.non2xx },
      logged: logged && { rps: logged.requests.average, p95: percentiles(logged).p95, non2xx: logged.non2xx },
    };
    console.log(
      `\n[${name}] carga antes (1/5/15 min): ${m.cargaAntes}\n` +
        `  POST /api/beneficio/resgate: ${m.pedidos} pedidos em ${fmt(seconds)} s = ${fmt(m.porSegundo)} resgates/s; p50 ${fmt(m.p50)} ms, p95 ${fmt(m.p95)} ms, p99 ${fmt(m.p99)} ms; 2xx ${m.ok}, não-2xx ${m.non2xx}, erros ${m.erros}\n` +
        `  CPU por resgate: API ${fmt(cpu.api, 2)} ms + PostgreSQL (backends deste banco) ${fmt(cpu.pg, 2)} ms = ${fmt(cpu.api + cpu.pg, 2)} ms\n` +
        `  invariantes: ${JSON.stringify(inv)} => ${m.invOk ? 'OK' : 'VIOLADAS'}` +
        (m.lista ? `\n  GET /api/beneficio (membro com ~${Math.round(CODES / CONNECTIONS)} resgates, ${DURATION}s): ${fmt(m.lista.rps)} req/s, p95 ${fmt(m.lista.p95)} ms, não-2xx ${m.lista.non2xx}` : '') +
        (m.logged ? `\n  GET /api/usuario/logged (${DURATION}s): ${fmt(m.logged.rps)} req/s, p95 ${fmt(m.logged.p95)} ms, não-2xx ${m.logged.non2xx}` : ''),
    );
    return m;
  } finally {
    await c.end();
    await api.stop();
  }
}

console.log(`${CONNECTIONS} membros simultâneos (uma conexão cada), pool de ${CODES} códigos, valor 1 ponto, Idempotency-Key nova por pedido; baseline: ${BASELINE}`);
const reviewRound = BASELINE === 'none' ? null : prepareRevision(BASELINE);
const clear = () => reviewRound?.remove();
process.once('SIGINT', () => {
  clear();
  process.exit(130);
});
const measurements = [];
try {
  if (reviewRound) measurements.push(await measure(`baseline ${BASELINE}`, (port, env) => startApiAt(reviewRound.dir, port, env), 'legiao_bench_resgate_base'));
  // Load shedding (ADR 0024) off: this bench measures how many redemptions a saturated process
  // completes, as the baseline (which has none) is measured; with it on, a closed loop of 100 clients
  // keeps the event loop busy with refusals.
  const withoutCut = { OVERLOAD_MAX_EVENT_LOOP_UTILIZATION: '0', OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0' };
  measurements.push(await measure('esta árvore (apps/api/dist)', (port, env) => startApi(port, { ...env, ...withoutCut }), 'legiao_bench_resgate'));
} finally {
  clear();
}

console.log('');
console.table(
  measurements.map((m) => ({
    api: m.nome,
    'carga antes': m.cargaAntes,
    'resgates/s': fmt(m.porSegundo),
    'p50 ms': fmt(m.p50),
    'p95 ms': fmt(m.p95),
    'p99 ms': fmt(m.p99),
    'CPU ms/resgate (API+PG)': `${fmt(m.cpu.api, 2)}+${fmt(m.cpu.pg, 2)}`,
    invariants: m.invOk ? 'OK' : 'VIOLADAS',
    'GET /beneficio req/s': m.lista ? fmt(m.lista.rps) : '-',
    'logged req/s': m.logged ? fmt(m.logged.rps) : '-',
  })),
);
if (measurements.length === 2) {
  const [before, after] = measurements;
  console.log(`razão resgates/s (nova / baseline ${BASELINE}): ${fmt(after.porSegundo / before.porSegundo, 2)}x; p95 ${fmt(before.p95)} -> ${fmt(after.p95)} ms`);
  const total = (m) => m.cpu.api + m.cpu.pg;
  console.log(`razão CPU por resgate, API + PostgreSQL (baseline / nova): ${fmt(total(before) / total(after), 2)}x`);
  if (before.lista && after.lista) console.log(`razão GET /api/beneficio: ${fmt(after.lista.rps / before.lista.rps, 2)}x; GET /api/usuario/logged: ${fmt(after.logged.rps / before.logged.rps, 2)}x`);
}
if (measurements.some((m) => !m.invOk)) process.exitCode = 1;
