import { createHash, randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { Umzug, type UmzugStorage } from 'umzug';
import { REPO_ROOT } from '../config.js';

/**
 * Applies prisma/migrations/<name>/migration.sql in order and records each in Prisma's own
 * `_prisma_migrations` table, so Prisma's CLI (where its engine can be downloaded) sees the same
 * history. Prisma 7's migrate can't run on our machines: docs/decisions/0001-migrations.md.
 */
export const MIGRATIONS_DIR = resolve(REPO_ROOT, 'prisma/migrations');
const PRISMA_ADVISORY_LOCK = 72707369; // the key Prisma's migrate uses, so the two never overlap

const CREATE_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum" VARCHAR(64) NOT NULL,
  "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL,
  "logs" TEXT,
  "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

export function listMigrations(dir = MIGRATIONS_DIR) {
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(dir, d.name, 'migration.sql')))
    .map((d) => d.name)
    .sort()
    .map((name) => {
      const sql = readFileSync(join(dir, name, 'migration.sql'), 'utf8');
      return { name, sql, checksum: createHash('sha256').update(sql).digest('hex') };
    });
}

export async function migrate(connectionString: string, log: (msg: string) => void = () => {}) {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [PRISMA_ADVISORY_LOCK]);
    await client.query(CREATE_TABLE);
    const files = listMigrations();

    // Each migration's SQL and its history row commit together, so a crash never leaves a
    // migration half-applied or applied-but-unrecorded.
    const storage: UmzugStorage = {
      async executed() {
        const { rows } = await client.query<{ migration_name: string; checksum: string }>(
          'SELECT migration_name, checksum FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL',
        );
        for (const row of rows) {
          const file = files.find((f) => f.name === row.migration_name);
          if (file && file.checksum !== row.checksum) {
            throw new Error(`A migração ${row.migration_name} foi alterada depois de aplicada (checksum diferente).`);
          }
        }
        return rows.map((r) => r.migration_name);
      },
      async logMigration() {}, // recorded inside the migration's own transaction (below)
      async unlogMigration() {
        throw new Error('down migrations are not supported');
      },
    };

    const umzug = new Umzug({
      migrations: files.map((f) => ({
        name: f.name,
        up: async () => {
          await client.query('BEGIN');
          try {
            await client.query(f.sql);
            await client.query(
              `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, applied_steps_count, started_at)
               VALUES ($1, $2, now(), $3, 1, now())`,
              [randomUUID(), f.checksum, f.name],
            );
            await client.query('COMMIT');
          } catch (err) {
            await client.query('ROLLBACK');
            throw err;
          }
        },
      })),
      storage,
      logger: undefined,
    });
    const applied = await umzug.up();
    for (const m of applied) log(`migração aplicada: ${m.name}`);
    return applied.map((m) => m.name);
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [PRISMA_ADVISORY_LOCK]).catch(() => {});
    await client.end();
  }
}
