// "The database can't be used right now", told apart from every other error, in one place
// (docs/decisions/0038-database-outage.md). The shapes below are the ones pg, pg-pool and Prisma 7
// with @prisma/adapter-pg actually throw when PostgreSQL is stopped, restarting, crashed, full or
// out of reach (captured in test/database-unavailable.test.ts):
//
// - pg / pg-pool, plain SQL on the pool: Node's socket errors (ECONNREFUSED from connect, ECONNRESET,
//   EPIPE, ...), the server's FATAL messages (57P01 admin_shutdown on a fast shutdown, 57P02 after
//   another backend crashed, 57P03 while starting, stopping or recovering, 53300 too many clients,
//   class 08), and pg's own Errors without a code ('Connection terminated unexpectedly', 'Connection
//   terminated due to connection timeout', 'timeout exceeded when trying to connect', 'Client has
//   encountered a connection error and is not queryable').
// - Prisma: a PrismaClientKnownRequestError whose meta.driverAdapterError.cause says what the
//   adapter saw (P1001 DatabaseNotReachable, P1017 ConnectionClosed, P2010/P2039 with a postgres
//   SQLSTATE), P2028 when a transaction could not start in its maxWait; and, for pg's Errors without
//   a code, the adapter rethrows them as they are (the same plain Error reaches us).

/**
 * - `unreachable`: the statement never reached the server (connecting failed, or no pooled connection
 *   came in time): it did nothing.
 * - `interrupted`: the connection broke with the statement possibly sent. PostgreSQL rolls back an
 *   open transaction whose connection is gone, but a COMMIT whose answer was lost may have committed.
 */
export type DatabaseFailure = 'unreachable' | 'interrupted';

/** SQLSTATEs a server sends while refusing a new session: nothing ran. */
const REFUSED_SESSION = new Set([
  '57P03', // cannot_connect_now: starting up, shutting down, in recovery
  '53300', // too_many_connections
  '08001', // sqlclient_unable_to_establish_sqlconnection
  '08004', // sqlserver_rejected_establishment_of_sqlconnection
]);

/** SQLSTATEs that end a session that existed (and so may have run something). */
const ENDED_SESSION = new Set([
  '57P01', // admin_shutdown: a fast or immediate shutdown, pg_terminate_backend
  '57P02', // crash_shutdown: another backend crashed, every session is reset
  '57P05', // idle_session_timeout
]);

/** Node socket errors from connect() or name resolution: no connection was ever made. */
const NO_CONNECTION = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'EADDRNOTAVAIL']);
/** Node socket errors on a connection that existed. */
const BROKEN_CONNECTION = new Set(['ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ECONNABORTED', 'EHOSTDOWN']);

/** pg and pg-pool Errors that carry no code, by their (stable, tested) message. */
const PG_MESSAGES: [RegExp, DatabaseFailure][] = [
  [/^timeout exceeded when trying to connect$/, 'unreachable'], // pg-pool: no connection within connectionTimeoutMillis
  [/^Connection terminated due to connection timeout$/, 'unreachable'], // pg: connect() took too long
  [/^Connection terminated unexpectedly$/, 'interrupted'], // pg: the socket closed under a session
  [/^Client has encountered a connection error and is not queryable$/, 'interrupted'], // pg: a query on a client whose connection broke
];

/** What the adapter put in `cause` (@prisma/driver-adapter-utils' error kinds). */
const ADAPTER_KINDS: Record<string, DatabaseFailure> = {
  DatabaseNotReachable: 'unreachable',
  TooManyConnections: 'unreachable',
  ConnectionClosed: 'interrupted',
  SocketTimeout: 'interrupted',
};

/** Prisma's own codes for the same, when no adapter cause says more. */
const PRISMA_CODES: Record<string, DatabaseFailure> = {
  P1001: 'unreachable', // can't reach database server
  P1002: 'unreachable', // reached but timed out
  P2024: 'unreachable', // timed out fetching a connection from the pool
  P2037: 'unreachable', // too many database connections
  P1017: 'interrupted', // server has closed the connection
  P1008: 'interrupted', // operations timed out (socket timeout)
};

type Shape = { code?: unknown; message?: unknown; syscall?: unknown; name?: unknown; kind?: unknown; cause?: unknown; meta?: { driverAdapterError?: unknown } };

function classifyOne(e: Shape): DatabaseFailure | undefined {
  const code = typeof e.code === 'string' ? e.code : undefined;
  const message = typeof e.message === 'string' ? e.message : '';
  if (typeof e.kind === 'string') {
    // The adapter's cause: { kind, code? } for errors the server sent.
    if (ADAPTER_KINDS[e.kind]) return ADAPTER_KINDS[e.kind];
    return code ? classifySqlState(code) : undefined;
  }
  if (code) {
    if (NO_CONNECTION.has(code)) return 'unreachable';
    if (BROKEN_CONNECTION.has(code)) return e.syscall === 'connect' ? 'unreachable' : 'interrupted';
    const sqlState = classifySqlState(code);
    if (sqlState) return sqlState;
    if (code === 'P2028' && /Unable to start a transaction in the given time/.test(message)) return 'unreachable';
  }
  for (const [pattern, failure] of PG_MESSAGES) if (pattern.test(message)) return failure;
  return undefined;
}

function classifySqlState(code: string): DatabaseFailure | undefined {
  if (REFUSED_SESSION.has(code)) return 'unreachable';
  if (ENDED_SESSION.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return 'interrupted';
  return undefined;
}

/**
 * Whether `err` says the database could not be used, and how (see DatabaseFailure); undefined for
 * every other error (a constraint, a bad query, a bug), which stays what it was.
 */
export function classifyDatabaseFailure(err: unknown): DatabaseFailure | undefined {
  return classifyChain(err, 0);
}

function classifyChain(err: unknown, depth: number): DatabaseFailure | undefined {
  if (!err || typeof err !== 'object' || depth > 5) return undefined;
  const e = err as Shape;
  // Prisma: what the adapter saw is more precise than Prisma's own code (P2010 "raw query failed").
  const adapterError = e.meta?.driverAdapterError as Shape | undefined;
  const adapterSaw = adapterError && typeof adapterError === 'object' ? classifyOne((adapterError.cause ?? {}) as Shape) ?? classifyOne(adapterError) : undefined;
  const prismaCode = typeof e.code === 'string' && e.name === 'PrismaClientKnownRequestError' ? PRISMA_CODES[e.code] : undefined;
  // The outermost answer wins: pg's connect timeout wraps the socket end it caused, and that end
  // doesn't make the statement "possibly sent".
  return adapterSaw ?? prismaCode ?? classifyOne(e) ?? classifyChain(e.cause, depth + 1);
}

/** For the log: what failed, in one line, no stack (a burst of these is one story, not a thousand). */
export function describeDatabaseError(err: unknown): { message: string; code?: string } {
  const e = (err ?? {}) as Shape;
  const adapter = (e.meta?.driverAdapterError as Shape | undefined)?.cause as Shape | undefined;
  const code = [adapter?.code, adapter?.kind, e.code].find((c): c is string => typeof c === 'string');
  const message = String(e.message ?? err).split('\n').filter((l) => l.trim()).pop() ?? '';
  return { message: message.slice(0, 300), ...(code ? { code } : {}) };
}

/**
 * One warning per burst: the first failure of a burst is logged at once, then at most one line per
 * `windowMs` (with how many were left out) while failures keep coming. A 3 s outage under a crowd
 * is one line per process, not a stack per request.
 */
export class OutageLog {
  private lastAt = 0;
  private left = 0;

  constructor(
    private readonly message: string,
    private readonly windowMs = 10_000,
  ) {}

  report(log: { warn: (obj: object, msg: string) => void }, err: unknown, extra: object = {}, now = Date.now()) {
    if (now - this.lastAt < this.windowMs) {
      this.left++;
      return;
    }
    log.warn({ db: describeDatabaseError(err), ...extra, ...(this.left ? { omitted: this.left } : {}) }, this.message);
    this.lastAt = now;
    this.left = 0;
  }
}
