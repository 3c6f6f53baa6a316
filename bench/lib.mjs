// Shared helpers: start the real API (a separate process), wait for it, run autocannon.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const PG_BASE = process.env.BENCH_PG_URL ?? 'postgresql://postgres@127.0.0.1:5432';
export const DB_URL = `${PG_BASE}/legiao_bench`;

export async function ensureDatabase() {
  const c = new pg.Client({ connectionString: `${PG_BASE}/postgres` });
  await c.connect();
  const { rowCount } = await c.query("SELECT 1 FROM pg_database WHERE datname = 'legiao_bench'");
  if (!rowCount) await c.query('CREATE DATABASE legiao_bench');
  await c.end();
}

/** The compiled API (apps/api/dist, `pnpm build`); clear message when it was not built. */
export const API_DIST = join(root, 'apps/api/dist/server.js');
export function assertApiBuilt() {
  if (existsSync(API_DIST)) return warnIfStale();
  const err = new Error(`A API compilada não existe (${API_DIST}). Rode \`pnpm build\` na raiz do repositório antes dos benchmarks.`);
  err.stack = err.message; // printed as is when uncaught, without a stack trace
  throw err;
}

// The benches measure what `pnpm build` produced: say so when a source is newer than the build.
function warnIfStale() {
  const built = statSync(API_DIST).mtimeMs;
  const newer = [];
  const walk = (dir) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.ts') && statSync(p).mtimeMs > built) newer.push(p.slice(root.length + 1));
    }
  };
  for (const dir of ['apps/api/src', 'packages/contracts/src']) if (existsSync(join(root, dir))) walk(join(root, dir));
  if (newer.length) console.warn(`aviso: ${newer.length} arquivo(s) mais novo(s) que apps/api/dist (ex.: ${newer[0]}): o bench mede a compilação anterior; rode \`pnpm build\`.`);
}

/**
 * Starts apps/api/dist/server.js, logging at info as in production (failed and slow requests only). API_NODE_ARGS (space-separated) goes to node before the script,
 * e.g. API_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/p" (bench/profile.mjs).
 */
/** The token secret the benched API signs with; the bare references verify with it too. */
export const DEV_JWT_SECRET = 'legiao-bench-secret-0123456789-abcdefghijklmnop';

export async function startApi(port, env = {}) {
  assertApiBuilt();
  const nodeArgs = (process.env.API_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, API_DIST], {
    cwd: join(root, 'apps/api'),
    env: { ...process.env, PORT: String(port), DATABASE_URL: DB_URL, JWT_SECRET: DEV_JWT_SECRET, LOG_LEVEL: 'info', RATE_LIMIT_AUTH_MAX: '100000000', SEED_DEMO: 'true', NODE_ENV: 'development', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitFor(`http://127.0.0.1:${port}/api/ready`);
  return { child, stop: () => new Promise((r) => { child.once('exit', r); child.kill('SIGTERM'); }) };
}

export async function waitFor(url, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timeout waiting for ${url}`);
}

/** Runs autocannon and returns { rps, p50, p95, p99, errors, non2xx }. */
export async function load(opts) {
  const r = await autocannon({ connections: 100, duration: 10, ...opts });
  return { rps: r.requests.average, p50: r.latency.p50, p95: r.latency.p97_5 !== undefined ? percentile(r, 95) : r.latency.p99, p99: r.latency.p99, errors: r.errors, non2xx: r.non2xx, total: r.requests.total };
}

// autocannon reports p90 and p97_5 but not p95: interpolate between them.
function percentile(r, p) {
  if (p === 95) return r.latency.p90 + ((r.latency.p97_5 - r.latency.p90) * (95 - 90)) / (97.5 - 90);
  return r.latency.p99;
}

export const fmt = (n, d = 1) => Number(n).toFixed(d);
