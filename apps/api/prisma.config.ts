// Prisma CLI config. The CLI is only used to generate the client here: migrations are applied by
// our own runner (src/db/migrate.ts), see docs/decisions/0001-migrations.md.
import { defineConfig } from 'prisma/config';

export default defineConfig({
  schema: '../../prisma/schema.prisma',
  migrations: { path: '../../prisma/migrations' },
  datasource: { url: process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/legiao' },
});
