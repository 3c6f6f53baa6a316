import cluster, { type Worker } from 'node:cluster';
import type { Logger } from 'pino';
import type { Config } from './config.js';
import { serveClusterMetrics } from './features/metrics/cluster-metrics.js';

/** A worker that dies sooner than this after starting counts as a crash loop: its restart waits longer. */
const STABLE_MS = 10_000;
const MAX_RESTART_DELAY_MS = 30_000;

/**
 * WORKERS > 1 (docs/decisions/0025-many-processes.md): this process is node:cluster's primary. It
 * serves nothing itself: it has already migrated (and seeded) the database once, forks
 * `config.workers` API processes that share PORT (the primary accepts and hands connections out in
 * turn), starts a new one when one dies, and on SIGTERM/SIGINT forwards SIGTERM to each so every
 * worker runs its own graceful shutdown (ADR 0024), then resolves once they have all exited.
 * Everything the workers share lives in PostgreSQL and Redis, none of it here.
 */
export function runPrimary(config: Config, log: Logger, env: NodeJS.ProcessEnv): Promise<number> {
  /** Live workers by cluster id, with when they started (cluster.workers drops a worker only after its disconnect). */
  const startedAt = new Map<number, number>();
  let restartDelay = 1000;
  let stopping = false;
  let failed = false;

  const fork = () => {
    const worker = cluster.fork(env);
    startedAt.set(worker.id, Date.now());
    return worker;
  };

  cluster.on('exit', (worker: Worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker.id) ?? 0);
    startedAt.delete(worker.id);
    if (stopping) {
      // SIGTERM's default action ends a worker still booting (its handler isn't installed yet): nothing was lost.
      if (code !== 0 && signal !== 'SIGTERM') failed = true;
      return;
    }
    // A worker that ran for a while gets a new one at once; one that keeps dying at boot (a bad
    // deploy, the database away) is restarted with a growing delay instead of spinning.
    restartDelay = lived >= STABLE_MS ? 1000 : Math.min(MAX_RESTART_DELAY_MS, restartDelay * 2);
    const wait = lived >= STABLE_MS ? 0 : restartDelay;
    log.warn(`processo ${worker.process.pid} terminou (${signal ?? `código ${code}`}) depois de ${Math.round(lived / 1000)} s; outro sobe em ${wait} ms`);
    setTimeout(() => {
      if (!stopping) fork();
    }, wait).unref();
  });

  // Every worker accepts on the shared socket itself (SCHED_NONE), instead of the primary accepting
  // and handing each connection to a worker in turn: with the hand-off, a connection given to a
  // worker that has just died is lost and hangs until the client gives up (measured: the first
  // request after a SIGKILL waited out curl's 3 s). A busy worker also accepts less by itself.
  cluster.schedulingPolicy = cluster.SCHED_NONE;
  // GET /api/metrics on any worker answers for all of them (features/metrics/cluster-metrics.ts).
  serveClusterMetrics(() => Object.values(cluster.workers ?? {}).filter((w): w is Worker => Boolean(w) && startedAt.has(w!.id)));
  for (let i = 0; i < config.workers; i++) fork();
  log.info(`${config.workers} processos da API na porta ${config.port}`);

  return new Promise((resolve) => {
    const stop = (signal: string) => {
      if (stopping) return;
      stopping = true;
      const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => Boolean(w) && startedAt.has(w!.id));
      log.info(`${signal}: encerrando ${workers.length} processo(s)`);
      for (const w of workers) w.process.kill('SIGTERM');
      // Each worker has SHUTDOWN_TIMEOUT_MS for its requests plus its own last-resort exit 10 s later.
      const force = setTimeout(() => {
        for (const w of workers) if (startedAt.has(w.id)) w.process.kill('SIGKILL');
        failed = true;
      }, config.shutdownTimeoutMs + 15_000);
      force.unref();
      const done = () => {
        if (startedAt.size > 0) return;
        clearTimeout(force);
        resolve(failed ? 1 : 0);
      };
      cluster.on('exit', done);
      done();
    };
    process.on('SIGTERM', () => stop('SIGTERM'));
    process.on('SIGINT', () => stop('SIGINT'));
  });
}
