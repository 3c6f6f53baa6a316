// Boot time of the API: from spawning the process to the first 200 of GET /api/health, for the
// TypeScript loader start (tsx, as `pnpm dev` and the old `pnpm start`) and the compiled start
// (`pnpm start`: node --enable-source-maps dist/server.js), in the same run, runs interleaved.
// Needs `pnpm build`. RUNS (default 5). docs/decisions/0021-compiled-api.md
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { assertApiBuilt, API_DIST, PG_BASE, root } from './lib.mjs';
import { ensureDb, freePort } from './resgate-lib.mjs';

const RUNS = Number(process.env.RUNS ?? 5);
const variants = [
  { name: 'tsx src/server.ts', args: ['--import', 'tsx', 'src/server.ts'] },
  { name: 'node --enable-source-maps dist/server.js', args: ['--enable-source-maps', API_DIST] },
  { name: 'node dist/server.js (sem source maps)', args: [API_DIST] },
];

assertApiBuilt();
// Its own database, made anew each run: every start finds the same schema and demo data.
const admin = new pg.Client({ connectionString: `${PG_BASE}/postgres` });
await admin.connect();
await admin.query('DROP DATABASE IF EXISTS legiao_bench_boot WITH (FORCE)');
await admin.end();
const dbUrl = await ensureDb('legiao_bench_boot');

async function bootOnce(args) {
  const port = await freePort();
  const t0 = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: join(root, 'apps/api'),
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: dbUrl, LOG_LEVEL: 'warn', SEED_DEMO: 'true', NODE_ENV: 'development' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = ''; // shown only if the start fails
  child.stderr.on('data', (d) => { stderr += d; });
  let exited = false;
  child.once('exit', () => { exited = true; });
  let ms;
  while (!exited && performance.now() - t0 < 60_000) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).status === 200) {
        ms = performance.now() - t0;
        break;
      }
    } catch {}
    await new Promise((r) => setTimeout(r, 10));
  }
  if (!exited) await new Promise((r) => { child.once('exit', r); child.kill('SIGTERM'); });
  if (ms === undefined) throw new Error(`a API não respondeu /api/health (${args.join(' ')}):\n${stderr}`);
  return ms;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const load = () => loadavg().map((n) => n.toFixed(2)).join(' ');

console.log(`load average antes: ${load()} (${RUNS} partidas de cada, intercaladas; banco legiao_bench_boot)`);
// One untimed start of each: migrations and demo seed applied, tsx's transform cache warm.
for (const v of variants) await bootOnce(v.args);
const times = variants.map(() => []);
for (let i = 0; i < RUNS; i++) {
  for (const [j, v] of variants.entries()) times[j].push(await bootOnce(v.args));
}
for (const [j, v] of variants.entries()) {
  const t = times[j];
  console.log(`${v.name.padEnd(42)} mediana ${median(t).toFixed(0).padStart(5)} ms  (${t.map((x) => x.toFixed(0)).join(', ')})`);
}
const [tsx, compiled] = times.map(median);
console.log(`compilada / tsx: ${(compiled / tsx).toFixed(2)}  |  load average depois: ${load()}`);
