import { defineConfig } from 'prisma/config';
import { PrismaPg } from '@prisma/adapter-pg';

// Only `migrate diff --from-schema-datamodel A --to-schema-datamodel B --script` is used: it
// compares two schema files and never connects, but Prisma 6 needs an adapter to pick its
// WebAssembly engine instead of downloading a native one.
export default defineConfig({
  experimental: { adapter: true },
  engine: 'js',
  async adapter() {
    return new PrismaPg({ connectionString: process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres' });
  },
} as never);
