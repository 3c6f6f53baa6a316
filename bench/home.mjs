// Every call the member home makes (spec 000 section 7), at 200 concurrent members, each connection
// its own member (own token, own hashes), against the API and, in the same run, against the bare
// reference (bench/bare-server.mjs: Fastify + fast-jwt + pg, same token check and SQL, JSON out).
// First each call alone (req/s, p95, ratio API/bare), then whole pages: each connection runs the
// home's calls in a loop; page ratio = API pages/s × calls per page ÷ bare req/s on the same mix.
// Usage: node bench/home.mjs   (needs `pnpm build`; local PostgreSQL; BENCH_PG_URL, CONNECTIONS=200, DURATION=10)
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { DEV_JWT_SECRET, fmt, root, startApi, waitFor } from './lib.mjs';
import { ensureDb, freePort, loginAll, prepareRevision, seedMembers, startApiAt } from './resgate-lib.mjs';

const CONNECTIONS = Number(process.env.CONNECTIONS ?? 200);
const DURATION = Number(process.env.DURATION ?? 10);
// BASELINE=<git rev> also measures that revision's API (tsx start, as it was) against the same bare reference.
const BASELINE = process.env.BASELINE;
// RUNS: how many times the whole-page pair (API, bare) is measured; the median ratio is printed.
const RUNS = Number(process.env.RUNS ?? 1);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const DB_URL = await ensureDb('legiao_bench_home');
const PORT = await freePort();
const base = `http://127.0.0.1:${PORT}`;
const api = await startApi(PORT, { DATABASE_URL: DB_URL, FILA_ENABLED: 'false' });
const BARE_PORT = await freePort();
const bare = spawn(process.execPath, [join(root, 'bench/bare-server.mjs')], { env: { ...process.env, PORT: String(BARE_PORT), DATABASE_URL: DB_URL, JWT_SECRET: DEV_JWT_SECRET }, stdio: 'inherit' });
await waitFor(`http://127.0.0.1:${BARE_PORT}/health`);
const c = new pg.Client({ connectionString: DB_URL });
await c.connect();

/** The home's calls for one member, in the order the page makes them. */
const calls = (m) => [
  '/api/usuario/logged',
  '/api/banner',
  '/api/bannersite/ativos',
  '/api/Conquista',
  '/api/produto/cliente',
  '/api/beneficio',
  '/api/indicacao',
  '/api/indicacao/codigo',
  `/api/BannerSite/recomendacao/?hash=${m.hashUsuario}`,
  '/api/Faq?ativo=true',
  ...(m.hashPesquisaSatisfacao ? [`/api/satisfacao?hash=${m.hashPesquisaSatisfacao}`] : []),
];

const p95 = (r) => r.latency.p90 + ((r.latency.p97_5 - r.latency.p90) * 5) / 7.5;

try {
  const members = await seedMembers(c, `bench-home-${randomUUID().slice(0, 6)}`, CONNECTIONS, 5);
  const tokens = await loginAll(base, members);
  const profiles = await Promise.all(
    tokens.map(async (token) => ({ token, ...(await (await fetch(`${base}/api/usuario/logged`, { headers: { authorization: `Bearer ${token}` } })).json()) })),
  );
  let porta = PORT;
  const runOnce = async (build, target = porta) => {
    let next = 0;
    return autocannon({
      url: `http://127.0.0.1:${target}`,
      connections: CONNECTIONS,
      duration: DURATION,
      timeout: 30,
      setupClient: (client) => {
        const m = profiles[next++ % profiles.length];
        client.setHeaders({ authorization: `Bearer ${m.token}` });
        client.setRequests(build(m).map((path) => ({ method: 'GET', path })));
      },
    });
  };
  // The bare reference must answer every call (else its req/s would count 401s).
  for (const path of calls(profiles[0])) {
    const r = await fetch(`http://127.0.0.1:${BARE_PORT}${path}`, { headers: { authorization: `Bearer ${profiles[0].token}` } });
    if (!r.ok) throw new Error(`referência pura: ${path} respondeu ${r.status}`);
  }

  const measure = async (name) => {
    console.log(`\n${name}: ${CONNECTIONS} membros simultâneos, ${DURATION}s por medida, carga média antes ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
    const lines = [];
    for (const [i, example] of calls(profiles[0]).entries()) {
      const r = await runOnce((m) => [calls(m)[i]]);
      const b = await runOnce((m) => [calls(m)[i]], BARE_PORT);
      lines.push(
        `  GET ${example.split('?')[0].padEnd(34)} ${fmt(r.requests.average).padStart(7)} req/s  p50 ${fmt(r.latency.p50).padStart(6)} ms  p95 ${fmt(p95(r)).padStart(6)} ms  ` +
          `não-2xx ${r.non2xx}  erros ${r.errors} | puro ${fmt(b.requests.average).padStart(7)} req/s | razão ${fmt(r.requests.average / b.requests.average, 2)}`,
      );
    }
    console.log(lines.join('\n'));
    const byPage = calls(profiles[0]).length;
    const ratios = [];
    for (let run = 1; run <= RUNS; run++) {
      const page = await runOnce(calls);
      const plainPage = await runOnce(calls, BARE_PORT);
      ratios.push(page.requests.average / plainPage.requests.average);
      console.log(
        `Página inteira${RUNS > 1 ? ` (rodada ${run})` : ''} (${byPage} chamadas em sequência por membro): ${fmt(page.requests.average / byPage)} páginas/s, ` +
          `p95 por chamada ${fmt(p95(page))} ms, não-2xx ${page.non2xx}, erros ${page.errors}; ` +
          `puro, mesma sequência: ${fmt(plainPage.requests.average)} req/s, não-2xx ${plainPage.non2xx}; razão ${fmt(page.requests.average / plainPage.requests.average, 2)}`,
      );
    }
    console.log(`razão da página (${name}): páginas/s × ${byPage} ÷ req/s puro = ${fmt(median(ratios), 2)}${RUNS > 1 ? ` (mediana de ${RUNS}: ${ratios.map((r) => fmt(r, 2)).join(', ')})` : ''} (meta >= 0.6)`);
  };
  await measure('API atual');
  if (BASELINE) {
    await api.stop();
    const rev = prepareRevision(BASELINE);
    try {
      porta = await freePort();
      const old = await startApiAt(rev.dir, porta, { DATABASE_URL: DB_URL, FILA_ENABLED: 'false', JWT_SECRET: DEV_JWT_SECRET });
      try {
        await measure(`API em ${BASELINE}`);
      } finally {
        await old.stop();
      }
    } finally {
      rev.remove();
    }
  }
  console.log(`carga média depois: ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
} finally {
  bare.kill('SIGTERM');
  await c.end();
  if (api.child.exitCode === null) await api.stop();
}
