import { createRequire } from 'node:module';
import path from 'node:path';
import { API_DIR } from './env';

const DEFAULT_URL = 'postgresql://postgres@127.0.0.1:5432/legiao_e2e';

// `pg` is the API's own driver; borrowing it keeps the e2e package free of a second copy.
const requireFromApi = createRequire(path.join(API_DIR, 'package.json'));

interface PgClient {
  connect(): Promise<unknown>;
  query(sql: string): Promise<unknown>;
  end(): Promise<void>;
}
type PgModule = { Client: new (opts: { connectionString: string }) => PgClient };

/** E2E_DATABASE_URL, else DATABASE_URL, else a local legiao_e2e. */
export function e2eDatabaseUrl(): string {
  return process.env.E2E_DATABASE_URL || process.env.DATABASE_URL || DEFAULT_URL;
}

/**
 * The database the API under test uses: E2E_DATABASE_URL, else DATABASE_URL, else a local
 * legiao_e2e. A database whose name contains "e2e" is dropped and recreated, so every run starts
 * empty; any other database is used as it is (the tests create unique data, the seed is idempotent).
 * `url` picks another database (a second server's).
 */
export async function prepareDatabase(log: (m: string) => void, url = e2eDatabaseUrl()): Promise<string> {
  const parsed = new URL(url);
  const name = decodeURIComponent(parsed.pathname.replace(/^\//, ''));
  if (!name) throw new Error(`E2E: a URL do banco não tem nome de banco: ${url}`);
  if (!name.toLowerCase().includes('e2e')) {
    log(`banco "${name}" usado sem recriar (o nome não contém "e2e")`);
    return url;
  }
  if (!/^[A-Za-z0-9_-]+$/.test(name)) throw new Error(`E2E: nome de banco inesperado: ${name}`);

  const maintenance = new URL(url);
  maintenance.pathname = '/postgres';
  const pg = requireFromApi('pg') as PgModule;
  const client = new pg.Client({ connectionString: maintenance.toString() });
  try {
    await client.connect();
  } catch (err) {
    throw new Error(
      `E2E: não consegui conectar ao PostgreSQL em ${maintenance.host} (${(err as Error).message}).\n` +
        'Suba o PostgreSQL ou defina E2E_DATABASE_URL.',
    );
  }
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await client.query(`CREATE DATABASE "${name}"`);
    // Commits don't wait for the disk: a test database needs no durability across a machine crash,
    // and fsyncs were a share of the run's time on a 2-core runner (apps/api/test/support/database.ts).
    await client.query(`ALTER DATABASE "${name}" SET synchronous_commit = off`);
  } finally {
    await client.end();
  }
  log(`banco "${name}" recriado`);
  return url;
}
