#!/usr/bin/env node
// Usage: node scripts/new-migration.mjs <name>
// Writes prisma/migrations/<timestamp>_<name>/migration.sql with the SQL that takes the database
// from prisma/migrations/schema.snapshot.prisma (the schema as of the last migration) to
// prisma/schema.prisma, then refreshes the snapshot. See docs/decisions/0001-migrations.md.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const name = process.argv[2];
if (!name || !/^[a-z0-9_]+$/.test(name)) {
  console.error('usage: node scripts/new-migration.mjs <name_in_snake_case>');
  process.exit(1);
}
const tool = join(root, 'tools/prisma6');
if (!existsSync(join(tool, 'node_modules/prisma'))) {
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts'], { cwd: tool, stdio: 'inherit' });
}

// Prisma 6 wants the old generator and a url in the datasource block.
const toPrisma6 = (text) =>
  text
    .replace(/generator client \{[\s\S]*?\n\}/, 'generator client {\n  provider = "prisma-client-js"\n}')
    .replace(/datasource db \{[\s\S]*?\n\}/, 'datasource db {\n  provider = "postgresql"\n  url      = env("DATABASE_URL")\n}');

const tmp = mkdtempSync(join(tmpdir(), 'legiao-migration-'));
const snapshotPath = join(root, 'prisma/migrations/schema.snapshot.prisma');
const current = readFileSync(join(root, 'prisma/schema.prisma'), 'utf8');
writeFileSync(join(tmp, 'to.prisma'), toPrisma6(current));
const args = ['prisma', 'migrate', 'diff', '--to-schema-datamodel', join(tmp, 'to.prisma'), '--script'];
if (existsSync(snapshotPath)) {
  writeFileSync(join(tmp, 'from.prisma'), toPrisma6(readFileSync(snapshotPath, 'utf8')));
  args.splice(3, 0, '--from-schema-datamodel', join(tmp, 'from.prisma'));
} else {
  args.splice(3, 0, '--from-empty');
}
const sql = execFileSync('npx', args, {
  cwd: tool,
  encoding: 'utf8',
  env: { ...process.env, PRISMA_QUERY_ENGINE_LIBRARY: '/bin/false', PRISMA_SCHEMA_ENGINE_BINARY: '/bin/false', PRISMA_HIDE_UPDATE_MESSAGE: '1' },
});
if (!sql.trim() || /This is an empty migration/.test(sql)) {
  console.log('schema.prisma has no changes since the last migration');
  process.exit(0);
}
const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
const dir = join(root, 'prisma/migrations', `${stamp}_${name}`);
mkdirSync(dir, { recursive: true });
writeFileSync(join(dir, 'migration.sql'), sql.replace(/^-- CreateSchema\nCREATE SCHEMA IF NOT EXISTS "public";\n\n/m, ''));
writeFileSync(snapshotPath, current);
console.log(`wrote ${dir}/migration.sql`);
