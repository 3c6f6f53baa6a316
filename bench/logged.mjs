// GET /api/usuario/logged at 100 concurrent connections, beside the bare reference (bench/bare-server.mjs:
// Fastify + fast-jwt + pg, the same token verified and the same SQL, JSON out). Both servers run as
// separate processes in the same run, one after the other; the load comes from this one.
// Ratio = API req/s ÷ bare req/s (aim >= 0.6). RUNS (default 1) repeats the pair and prints the median.
// Needs `pnpm build` (bench/lib.mjs starts apps/api/dist).
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { DB_URL, DEV_JWT_SECRET, ensureDatabase, fmt, load, root, startApi, waitFor } from './lib.mjs';
import { freePort, prepareRevision, startApiAt } from './resgate-lib.mjs';

const PORT = 3992;
const BARE_PORT = 3993;
const DURATION = Number(process.env.DURATION ?? 10);
const RUNS = Number(process.env.RUNS ?? 1);
// BASELINE=<git rev> also measures that revision's API (tsx start, as it was) against the same bare reference.
const BASELINE = process.env.BASELINE;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

await ensureDatabase();
const api = await startApi(PORT);
let bare;
try {
  const res = await fetch(`http://127.0.0.1:${PORT}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'membro@legiao.dev', senha: 'Legiao@2025' }),
  });
  const { token } = await res.json();
  const headers = { authorization: `Bearer ${token.token}` };
  bare = spawn(process.execPath, [join(root, 'bench/bare-server.mjs')], { env: { ...process.env, PORT: String(BARE_PORT), DATABASE_URL: DB_URL, JWT_SECRET: DEV_JWT_SECRET }, stdio: 'inherit' });
  await waitFor(`http://127.0.0.1:${BARE_PORT}/health`);
  const check = await fetch(`http://127.0.0.1:${BARE_PORT}/api/usuario/logged`, { headers });
  if (!check.ok) throw new Error(`referência pura respondeu ${check.status}`);

  const measure = async (name, porta) => {
    console.log(`\n${name}: carga média antes ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
    const ratios = [];
    for (let run = 1; run <= RUNS; run++) {
      const logged = await load({ url: `http://127.0.0.1:${porta}/api/usuario/logged`, headers, connections: 100, duration: DURATION });
      const baseline = await load({ url: `http://127.0.0.1:${BARE_PORT}/api/usuario/logged`, headers, connections: 100, duration: DURATION });
      ratios.push(logged.rps / baseline.rps);
      console.log(
        `rodada ${run}: API ${fmt(logged.rps)} req/s (p95 ${fmt(logged.p95)} ms, não-2xx ${logged.non2xx}); ` +
          `puro ${fmt(baseline.rps)} req/s (p95 ${fmt(baseline.p95)} ms, não-2xx ${baseline.non2xx}); razão ${fmt(logged.rps / baseline.rps, 2)}`,
      );
    }
    console.log(`razão API/puro (${name}): ${fmt(median(ratios), 2)}${RUNS > 1 ? ` (mediana de ${RUNS}: ${ratios.map((r) => fmt(r, 2)).join(', ')})` : ''} (meta >= 0.6)`);
  };
  await measure('API atual', PORT);
  if (BASELINE) {
    await api.stop();
    const rev = prepareRevision(BASELINE);
    try {
      const porta = await freePort();
      const old = await startApiAt(rev.dir, porta, { DATABASE_URL: DB_URL, JWT_SECRET: DEV_JWT_SECRET });
      try {
        await measure(`API em ${BASELINE}`, porta);
      } finally {
        await old.stop();
      }
    } finally {
      rev.remove();
    }
  }
  console.log(`carga média depois: ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
} finally {
  if (api.child.exitCode === null) await api.stop();
  bare?.kill('SIGTERM');
}
