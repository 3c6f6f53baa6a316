// What issue 15's per-request work (metrics histogram, request-id hooks, load-shedding check)
// costs on the hottest call: GET /api/usuario/logged at 100 connections against two builds of the
// API started side by side, the current apps/api/dist and an earlier build copied to
// apps/api/dist-before (`cp -r apps/api/dist apps/api/dist-before` before the change, then
// `pnpm --filter @legiao/api run build` after). The loads alternate (before, after, after, before...)
// so the shared machine's drift hits both alike; prints after/before per pair and the median.
// RUNS (default 6 pairs), DURATION (s, default 10). docs/decisions/0024-overload-and-observability.md
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { DB_URL, DEV_JWT_SECRET, ensureDatabase, fmt, load, root, waitFor } from './lib.mjs';

const RUNS = Number(process.env.RUNS ?? 6);
const DURATION = Number(process.env.DURATION ?? 10);
const builds = { before: join(root, 'apps/api/dist-before/server.js'), after: join(root, 'apps/api/dist/server.js') };
for (const file of Object.values(builds)) if (!existsSync(file)) throw new Error(`${file} não existe (veja o comentário no início)`);

async function start(file, port) {
  const child = spawn(process.execPath, [file], {
    cwd: join(root, 'apps/api'),
    env: { ...process.env, PORT: String(port), DATABASE_URL: DB_URL, JWT_SECRET: DEV_JWT_SECRET, LOG_LEVEL: 'info', RATE_LIMIT_AUTH_MAX: '100000000', SEED_DEMO: 'true', NODE_ENV: 'development' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitFor(`http://127.0.0.1:${port}/api/ready`);
  return child;
}

await ensureDatabase();
const ports = { before: 3994, after: 3995 };
const children = [await start(builds.before, ports.before), await start(builds.after, ports.after)];
try {
  const res = await fetch(`http://127.0.0.1:${ports.after}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'membro@legiao.dev', senha: 'Legiao@2025' }) });
  const headers = { authorization: `Bearer ${(await res.json()).token.token}` };
  // Warm both (JIT, pool, prepared statements) before anything is counted.
  for (const which of ['before', 'after']) await load({ url: `http://127.0.0.1:${ports[which]}/api/usuario/logged`, headers, connections: 100, duration: 5 });
  console.log(`carga média antes: ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  const ratios = [];
  for (let run = 1; run <= RUNS; run++) {
    const order = run % 2 ? ['before', 'after'] : ['after', 'before'];
    const r = {};
    for (const which of order) r[which] = await load({ url: `http://127.0.0.1:${ports[which]}/api/usuario/logged`, headers, connections: 100, duration: DURATION });
    ratios.push(r.after.rps / r.before.rps);
    console.log(`par ${run}: antes ${fmt(r.before.rps)} req/s (p95 ${fmt(r.before.p95)} ms, não-2xx ${r.before.non2xx}); depois ${fmt(r.after.rps)} req/s (p95 ${fmt(r.after.p95)} ms, não-2xx ${r.after.non2xx}); depois/antes ${fmt(r.after.rps / r.before.rps, 3)}`);
  }
  const sorted = [...ratios].sort((a, b) => a - b);
  const median = sorted.length % 2 ? sorted[(sorted.length - 1) / 2] : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
  console.log(`mediana depois/antes: ${fmt(median, 3)} (${ratios.map((x) => fmt(x, 3)).join(', ')}); carga média depois: ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
} finally {
  for (const c of children) c.kill('SIGTERM');
}
