import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../../src/db/embedded/index.js';
import { migrate } from '../../src/db/migrate.js';
import { getFreePort } from './ports.js';

export interface TestDatabase {
  url: string;
  stop: () => Promise<void>;
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Drops and recreates the database `url` names, through the server's `postgres` maintenance
 * database, as a copy of `template` when given (a migrated one: CREATE DATABASE copies its files in
 * a fraction of a second, where applying the 60 migrations took seconds). Refuses any database whose
 * name doesn't say it is for tests. Commits don't wait for the disk (synchronous_commit off): a test
 * database needs no durability across a crash of the machine, and the fsyncs were a share of the
 * suite's time on a 2-core runner; every transaction is still atomic and isolated as in production.
 */
export async function recreateDatabase(url: string, { template }: { template?: string } = {}) {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.replace(/^\//, ''));
  if (!name || !name.toLowerCase().includes('test')) {
    throw new Error(`Recusado: o banco "${name}" não parece ser de testes (o nome precisa conter "test").`);
  }
  const maintenance = new URL(url);
  maintenance.pathname = '/postgres';
  const client = new pg.Client({ connectionString: maintenance.toString() });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${quoteIdent(name)}${template ? ` TEMPLATE ${quoteIdent(template)}` : ''}`);
    await client.query(`ALTER DATABASE ${quoteIdent(name)} SET synchronous_commit = off`);
  } finally {
    await client.end();
  }
}

/** The migrated database every test database of the run is copied from: `<name>_template`. */
export const templateOf = (url: string) => {
  const u = new URL(url);
  return `${decodeURIComponent(u.pathname.slice(1))}_template`.slice(0, 63);
};

/** The database the test run uses, freshly created (from its migrated template). */
export async function startTestDatabase(databaseUrl: string | undefined): Promise<TestDatabase> {
  if (databaseUrl) {
    await createFromTemplate(databaseUrl);
    return { url: databaseUrl, stop: async () => {} };
  }
  // No server given: a throwaway embedded PostgreSQL in its own temp folder and port.
  const root = mkdtempSync(join(tmpdir(), 'legiao-test-pg-'));
  chmodSync(root, 0o755); // as root, the server runs as the `postgres` OS user and must reach data/
  const port = await getFreePort();
  const db = await startEmbeddedPostgres({ dir: join(root, 'data'), port });
  const url = db.url.replace(/\/legiao$/, '/legiao_api_test');
  await createFromTemplate(url);
  return {
    url,
    stop: async () => {
      await db.stop();
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/** Migrates the template once; the run's database (and the process tests' ones) are copies of it. */
async function createFromTemplate(url: string) {
  const template = new URL(url);
  template.pathname = `/${templateOf(url)}`;
  await recreateDatabase(template.toString());
  await migrate(template.toString());
  await recreateDatabase(url, { template: templateOf(url) });
}
