import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaClient } from '../generated/prisma/client.js';
import { markConnectionUsed, recordPoolStatements } from './request-statements.js';

export type Db = PrismaClient;
export type SqlPool = pg.Pool;

const pools = new WeakMap<Db, SqlPool>();

/**
 * Prisma on a pg pool we own, so the hot paths (auth, the member home's reads) can run their one
 * SQL statement on the same connections without Prisma's query building and result mapping
 * (docs/decisions/0017-api-speed.md). $disconnect() ends the pool too.
 */
// Timestamps without time zone hold UTC (Prisma writes them so): our own queries on the pool read
// them as UTC too, whatever the server process's TZ (pg's default reads them as local time). Prisma's
// own queries bring their parsers and are not affected.
const TIMESTAMP = 1114;
const DATE = 1082;
const utcTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (oid === TIMESTAMP) return (s: string) => new Date(`${s.replace(' ', 'T')}Z`);
    if (oid === DATE) return (s: string) => new Date(`${s}T00:00:00.000Z`);
    return pg.types.getTypeParser(oid, format);
  }) as typeof pg.types.getTypeParser,
};

/** Longest wait for a connection, new or pooled, unless the caller says otherwise (DATABASE_CONNECT_TIMEOUT_MS). */
export const DEFAULT_CONNECT_TIMEOUT_MS = 5000;

const ignore = () => {};

export function createPrisma(connectionString: string, max = 10, connectTimeoutMs = DEFAULT_CONNECT_TIMEOUT_MS): Db {
  // connectionTimeoutMillis bounds both opening a connection and waiting for a pooled one: a database
  // out of reach (or a pool held by slow calls) fails the request quickly instead of holding it
  // forever (docs/decisions/0038-database-outage.md).
  // jit off: the API's statements are short, and when a fresh table's statistics are stale the planner's
  // cost crosses jit_above_cost and PostgreSQL spends ~650 ms compiling a statement that runs in 100 ms
  // (the store's order batches; docs/decisions/0041-store-integration.md).
  const pool = new pg.Pool({ connectionString, max, types: utcTypes, connectionTimeoutMillis: connectTimeoutMs, options: '-c jit=off' });
  // An idle connection dropped by the server must not crash the process; the next query reconnects.
  pool.on('error', ignore);
  // Nor one a caller holds (pool.connect()) between two statements: pg-pool takes its own listener off
  // while a client is checked out, and a fast shutdown's 57P01 would then be an unhandled 'error'
  // event. The caller still sees the failure on its next statement.
  pool.on('connect', (client) => client.on('error', ignore));
  recordPoolStatements(pool);
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
  // The adapter does not own a pool it is given: Prisma's $disconnect() left its connections open
  // until pg's idle timeout (10 s). Measured in the test run: every closed test app left 4 idle
  // connections behind, ~95 at once near the end, and PostgreSQL's 100 were the run's limit
  // ("too many clients already"). Ending the pool is part of disconnecting.
  const disconnect = prisma.$disconnect.bind(prisma);
  prisma.$disconnect = async () => {
    await disconnect();
    if (!pool.ended) await pool.end();
  };
  pools.set(prisma, pool);
  return prisma;
}

/** The pg pool under a client made by createPrisma. */
export function poolOf(prisma: Db): SqlPool {
  const pool = pools.get(prisma);
  if (!pool) throw new Error('poolOf: this Prisma client was not made by createPrisma');
  return pool;
}

/**
 * A connection of its own, outside the pool, with the pool's settings (the same UTC timestamps): for
 * work that holds a connection long, an upload as long as the client sends or a background job,
 * which members' requests must not wait behind (docs/decisions/0028-code-pools-and-images.md).
 * The caller ends it; an error on it after a dropped connection does not crash the process.
 */
export async function connectOutsidePool(prisma: Db): Promise<pg.Client> {
  const client = new pg.Client(poolOf(prisma).options);
  client.on('error', ignore);
  await client.connect();
  markConnectionUsed();
  return client;
}

export { Prisma } from '../generated/prisma/client.js';
