import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type pg from 'pg';
import { classifyDatabaseFailure } from './unavailable.js';

// Whether a request has sent the database anything yet (docs/decisions/0038-database-outage.md).
// A request that failed because the database could not be reached may be repeated by the web app,
// whatever its method, only if none of its statements could have run: a POST whose first statement
// committed and whose second one could not connect did something. Every request carries a small
// record (AsyncLocalStorage); the pool marks it when a statement may have reached the server.

export interface StatementRecord {
  /** A statement of this request may have reached the server (or a connection was handed to it). */
  sent: boolean;
  /** Calls still waiting for the pool or the server: they may yet reach it. */
  pending: number;
}

const current = new AsyncLocalStorage<StatementRecord>();
const records = new WeakMap<FastifyRequest, StatementRecord>();

/** Gives every request its record, from its first hook on (route guards query the database too). */
export function recordRequestStatements(app: FastifyInstance) {
  app.addHook('onRequest', (request, _reply, done) => {
    const record: StatementRecord = { sent: false, pending: 0 };
    records.set(request, record);
    current.run(record, done);
  });
  // Body parsing runs on the socket's events: enter the record again, in case they lost it.
  app.addHook('preValidation', (request, _reply, done) => {
    const record = records.get(request);
    if (record) current.run(record, done);
    else done();
  });
}

/** True only when this request certainly sent the database nothing (no record: we don't know). */
export function sentNothing(request: FastifyRequest): boolean {
  const record = records.get(request);
  return !!record && !record.sent && record.pending === 0;
}

/** A connection of the request's own was opened (connectOutsidePool): anything may run on it. */
export function markConnectionUsed() {
  const record = current.getStore();
  if (record) record.sent = true;
}

function follow<T>(record: StatementRecord, call: Promise<T>, sentDespite: (err: unknown) => boolean): Promise<T> {
  record.pending++;
  // Attached before the caller's own handlers, so the record is up to date when the error reaches them.
  call.then(
    () => {
      record.pending--;
      record.sent = true;
    },
    (err: unknown) => {
      record.pending--;
      if (sentDespite(err)) record.sent = true;
    },
  );
  return call;
}

/**
 * Marks the current request's record on every statement and connection of `pool`: pool.query (the
 * hot paths' plain SQL and Prisma's single statements) counts as sent unless it failed before
 * reaching the server; pool.connect (transactions, Prisma's included) as soon as a connection is
 * handed over. Outside a request nothing changes.
 */
export function recordPoolStatements(pool: pg.Pool) {
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => unknown;
  Object.assign(pool, {
    query: (...args: unknown[]) => {
      const record = current.getStore();
      if (!record) return query(...args);
      if (typeof args[args.length - 1] === 'function') {
        record.sent = true; // callback style (none of ours): assume the worst
        return query(...args);
      }
      return follow(record, query(...args) as Promise<unknown>, (err) => classifyDatabaseFailure(err) !== 'unreachable');
    },
    connect: (...args: unknown[]) => {
      const record = current.getStore();
      // pg-pool's own query() connects with a callback: that statement is followed above.
      if (!record || typeof args[0] === 'function') return connect(...args);
      // A connection that never came ran nothing, whatever the error.
      return follow(record, connect() as Promise<unknown>, () => false);
    },
  });
}
