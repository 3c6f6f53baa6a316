import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { inject } from 'vitest';
import { WAITING_ROOM_WS_PATH } from '@legiao/contracts';
import { TEST_JWT_SECRET } from './app.js';
import { recreateDatabase, templateOf } from './database.js';
import { getFreePort } from './ports.js';

// Real API processes for the multi-process tests (issue 15, ADR 0025): the run's build of
// src/server.ts, as `pnpm start` runs it (support/server-build.ts), each on its own port, on a database and Redis key prefix
// of their own so they never meet another test file's data, mailers or queue.

const API_DIR = fileURLToPath(new URL('../..', import.meta.url));

/** `node` arguments that start an entry of the run's build of the API (support/server-build.ts). */
export function builtEntry(entry = 'server'): string[] {
  return ['--enable-source-maps', join(inject('serverBuild'), `${entry}.js`)];
}

/** Whether a `ps` line is one of these processes (the cluster tests look for the workers). */
export const isBuiltServer = (psLine: string) => psLine.includes(join(inject('serverBuild'), 'server.js'));
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export interface ApiProcess {
  port: number;
  base: string;
  wsUrl: string;
  child: ChildProcess;
  /** Resolves with the exit code (null after a signal). */
  exited: Promise<number | null>;
  /** Everything it wrote to stderr and stdout (logs at warn and above). */
  output: () => string;
}

/**
 * A database only these processes use, next to the run's test database on the same server, named
 * legiao_test_scale_<tag>_<pid>, created here as a copy of the run's migrated template (or empty:
 * `migrated: false`). drop() removes it.
 */
export async function scaleDatabase(tag: string, { migrated = true } = {}): Promise<{ url: string; drop: () => Promise<void> }> {
  const url = new URL(inject('databaseUrl'));
  url.pathname = `/legiao_test_scale_${tag}_${process.pid}`;
  await recreateDatabase(url.toString(), migrated ? { template: templateOf(inject('databaseUrl')) } : {});
  return {
    url: url.toString(),
    drop: async () => {
      const admin = new URL(url);
      admin.pathname = '/postgres';
      const client = new pg.Client({ connectionString: admin.toString() });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${url.pathname.slice(1)}" WITH (FORCE)`).catch(() => {});
      await client.end();
    },
  };
}

/** Redis prefixes for one group of processes: their own waiting room, rate limits and login failures. */
export function scaleRedisEnv(): { REDIS_URL: string; REDIS_PREFIX: string; FILA_REDIS_PREFIX: string } {
  const run = randomUUID().slice(0, 12);
  return { REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: `legiao-test-scale:${run}:`, FILA_REDIS_PREFIX: `legiao-test-scale:{fila-${run}}:` };
}

/** Starts the API (the run's build of src/server.ts) with the test defaults plus `env`; resolves once GET /api/ready answers 200. */
export async function startApiProcess(env: Record<string, string>, args: string[] = []): Promise<ApiProcess> {
  if (env.PORT) return startOn(Number(env.PORT), env, args);
  // A free port may be taken by another file's server before this one binds it: try another.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOn(await getFreePort(), env, args);
    } catch (err) {
      if (attempt >= 3 || !String((err as Error).message).includes('EADDRINUSE')) throw err;
    }
  }
}

async function startOn(port: number, env: Record<string, string>, args: string[]): Promise<ApiProcess> {
  let out = '';
  const child = spawn(process.execPath, [...builtEntry(), ...args], {
    cwd: API_DIR,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      JWT_SECRET: TEST_JWT_SECRET,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      WEB_DIST: '/nonexistent',
      PUBLIC_URL: 'http://legiao.test',
      BCRYPT_COST: '4',
      SMTP_URL: inject('smtpUrl'),
      ...env,
      PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  let exitCode: number | null | undefined;
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve((exitCode = code))));
  const base = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    const ok = await fetch(`${base}/api/ready`).then((r) => r.ok, () => false);
    if (ok) break;
    if (exitCode !== undefined) throw new Error(`a API saiu com ${exitCode} antes de ficar pronta:\n${out}`);
    if (Date.now() - started > 120_000) {
      child.kill('SIGKILL');
      throw new Error(`a API não ficou pronta em 120 s:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { port, base, wsUrl: `ws://127.0.0.1:${port}${WAITING_ROOM_WS_PATH}`, child, exited, output: () => out };
}

/** Stops the processes still running (SIGTERM, then SIGKILL after 10 s). */
export async function stopAll(processes: ApiProcess[]) {
  await Promise.all(
    processes.map(async (p) => {
      if (p.child.exitCode !== null || p.child.signalCode !== null) return;
      p.child.kill('SIGTERM');
      const timer = setTimeout(() => p.child.kill('SIGKILL'), 10_000);
      await p.exited;
      clearTimeout(timer);
    }),
  );
}
