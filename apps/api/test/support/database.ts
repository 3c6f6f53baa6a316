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
 * Drops and recreates the database DATABASE_URL names, through the server's `postgres`
 * maintenance database. Refuses any database whose name doesn't say it is for tests.
 */
export async function recreateDatabase(url: string) {
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
    await client.query(`CREATE DATABASE ${quoteIdent(name)}`);
  } finally {
    await client.end();
  }
}

/** The database the test run uses, freshly created and migrated. */
export async function startTestDatabase(databaseUrl: string | undefined): Promise<TestDatabase> {
  if (databaseUrl) {
    await recreateDatabase(databaseUrl);
    await migrate(databaseUrl);
    return { url: databaseUrl, stop: async () => {} };
  }
  // No server given: a throwaway embedded PostgreSQL in its own temp folder and port.
  const root = mkdtempSync(join(tmpdir(), 'legiao-test-pg-'));
  chmodSync(root, 0o755); // as root, the server runs as the `postgres` OS user and must reach data/
  const port = await getFreePort();
  const db = await startEmbeddedPostgres({ dir: join(root, 'data'), port });
  await migrate(db.url);
  return {
    url: db.url,
    stop: async () => {
      await db.stop();
      rmSync(root, { recursive: true, force: true });
    },
  };
}
