import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaClient } from '../generated/prisma/client.js';

export type Db = PrismaClient;
export type SqlPool = pg.Pool;

const pools = new WeakMap<Db, SqlPool>();

/**
 * Prisma on a pg pool we own, so the hot paths (auth, the member home's reads) can run their one
 * SQL statement on the same connections without Prisma's query building and result mapping
 * (docs/decisions/0017-api-speed.md). $disconnect() ends the pool too.
 */
export function createPrisma(connectionString: string, max = 10): Db {
  const pool = new pg.Pool({ connectionString, max });
  // An idle connection dropped by the server must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
  pools.set(prisma, pool);
  return prisma;
}

/** The pg pool under a client made by createPrisma. */
export function poolOf(prisma: Db): SqlPool {
  const pool = pools.get(prisma);
  if (!pool) throw new Error('poolOf: this Prisma client was not made by createPrisma');
  return pool;
}

export { Prisma } from '../generated/prisma/client.js';
