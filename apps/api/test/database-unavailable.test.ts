import { createServer, type Server } from 'node:net';
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPS_MSG } from '@legiao/contracts';
import { migrate } from '../src/db/migrate.js';
import { createPrisma, poolOf, type Db } from '../src/db/prisma.js';
import { classifyDatabaseFailure, OutageLog } from '../src/db/unavailable.js';
import { registerErrorHandler } from '../src/errors/error-handler.js';
import { startOwnPostgres, type OwnPostgres } from './support/own-postgres.js';
import { getFreePort } from './support/ports.js';

// What pg, pg-pool and Prisma 7 (adapter-pg) really throw when PostgreSQL is stopped, restarting,
// recovering from a crash, full or out of reach, on a server of this file's own, and how
// db/unavailable.ts reads each; then the answers the error handler gives (ADR 0038).

let own: OwnPostgres;
let prisma: Db;

beforeAll(async () => {
  own = await startOwnPostgres();
  await migrate(own.url);
  prisma = createPrisma(own.url, 4, 1000);
}, 60_000);

afterAll(async () => {
  await prisma?.$disconnect();
  await own?.destroy();
}, 30_000);

/** The error `fn` fails with (it must fail). */
async function failure(fn: () => Promise<unknown>): Promise<unknown> {
  try {
    await fn();
  } catch (err) {
    return err;
  }
  throw new Error('era para falhar');
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits until `n` sessions are running the slow statement below (a busy machine may take a while). */
async function runningOnServer(n: number) {
  const probe = new pg.Client({ connectionString: own.url });
  await probe.connect();
  try {
    const count = async () => (await probe.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_stat_activity WHERE state = 'active' AND query LIKE '%pg_sleep(5)%' AND pid <> pg_backend_pid()")).rows[0]!.n;
    await expect.poll(count, { timeout: 10_000, interval: 20 }).toBe(n);
  } finally {
    await probe.end();
  }
}
const slowSql = 'SELECT 1 AS um FROM pg_sleep(5)';
const shape = (e: unknown) => {
  const x = (e ?? {}) as { name?: string; code?: string; message?: string; meta?: { driverAdapterError?: { cause?: { kind?: string; code?: string } } } };
  return { name: x.name, code: x.code, message: x.message?.split('\n').filter(Boolean).pop(), cause: x.meta?.driverAdapterError?.cause && { kind: x.meta.driverAdapterError.cause.kind, code: x.meta.driverAdapterError.cause.code } };
};

describe('classifyDatabaseFailure on real errors', () => {
  it('a fast shutdown: what was running is "interrupted"; everything after, "unreachable"', async () => {
    const pool = poolOf(prisma);
    await pool.query('SELECT 1'); // connections to lose
    const held = await pool.connect();
    const running = [
      failure(() => pool.query(slowSql)),
      failure(() => prisma.$queryRawUnsafe(slowSql)),
      failure(() => prisma.$transaction(async (tx) => { await tx.$queryRaw`SELECT 1`; await tx.$queryRawUnsafe(slowSql); })),
    ];
    await runningOnServer(3);
    await own.stop();
    try {
      const [poolError, rawError, txError] = await Promise.all(running);
      expect(shape(poolError)).toMatchObject({ name: 'error', code: '57P01', message: 'terminating connection due to administrator command' });
      expect(shape(rawError)).toMatchObject({ name: 'PrismaClientKnownRequestError', code: 'P2010', cause: { kind: 'postgres', code: '57P01' } });
      expect(shape(txError)).toMatchObject({ name: 'PrismaClientKnownRequestError', cause: { code: '57P01' } });
      for (const e of [poolError, rawError, txError]) expect(classifyDatabaseFailure(e)).toBe('interrupted');

      // A client checked out of the pool lost its connection while idle: no crash (the pool's
      // clients always have an 'error' listener), and its next statement says so.
      const heldError = await failure(() => held.query('SELECT 1'));
      held.release();
      expect((heldError as Error).message).toMatch(/^(Client has encountered a connection error and is not queryable|Connection terminated unexpectedly)$/);
      expect(classifyDatabaseFailure(heldError)).toBe('interrupted');

      // While it is down, every way in fails before sending anything.
      const down = {
        findFirst: await failure(() => prisma.usuario.findFirst()),
        queryRaw: await failure(() => prisma.$queryRaw`SELECT 1`),
        executeRaw: await failure(() => prisma.$executeRaw`SELECT 1`),
        create: await failure(() => prisma.faq.create({ data: { chave: randomUUID(), pergunta: 'p', resposta: 'r', categoria: 'faq' } })),
        interactive: await failure(() => prisma.$transaction(async (tx) => tx.usuario.count())),
        batch: await failure(() => prisma.$transaction([prisma.usuario.count(), prisma.faq.count()])),
        poolQuery: await failure(() => pool.query('SELECT 1')),
        poolConnect: await failure(() => pool.connect()),
        client: await failure(() => new pg.Client({ connectionString: own.url }).connect()),
      };
      expect(shape(down.findFirst)).toMatchObject({ name: 'PrismaClientKnownRequestError', code: 'P1001', cause: { kind: 'DatabaseNotReachable' } });
      expect(shape(down.queryRaw)).toMatchObject({ code: 'P2010', cause: { kind: 'DatabaseNotReachable' } });
      expect(shape(down.interactive)).toMatchObject({ code: 'P1001', cause: { kind: 'DatabaseNotReachable' } });
      expect(shape(down.poolQuery)).toMatchObject({ code: 'ECONNREFUSED' });
      for (const [what, e] of Object.entries(down)) expect([what, classifyDatabaseFailure(e)]).toEqual([what, 'unreachable']);
    } finally {
      await own.start();
    }
    expect((await pool.query('SELECT 1 AS um')).rows).toEqual([{ um: 1 }]); // the pool recovered by itself
  });

  it('a crashed backend: its session "interrupted", then 57P03 "unreachable" while the server recovers', async () => {
    const victim = new pg.Client({ connectionString: own.url });
    victim.on('error', () => {});
    await victim.connect();
    const { rows } = await victim.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    const running = failure(() => victim.query(slowSql));
    await runningOnServer(1);
    process.kill(rows[0]!.pid, 'SIGKILL');
    const killed = await running;
    expect((killed as Error).message).toBe('Connection terminated unexpectedly');
    expect(classifyDatabaseFailure(killed)).toBe('interrupted');

    // The postmaster resets every session and replays the WAL; meanwhile it refuses new ones.
    let refused: { pool?: unknown; prisma?: unknown } = {};
    const until = Date.now() + 10_000;
    while ((!refused.pool || !refused.prisma) && Date.now() < until) {
      const [a, b] = await Promise.all([failure(() => poolOf(prisma).query('SELECT 1')).catch(() => undefined), failure(() => prisma.usuario.count()).catch(() => undefined)]);
      if ((a as { code?: string })?.code === '57P03') refused.pool ??= a;
      if (shape(b).cause?.code === '57P03') refused.prisma ??= b;
      if (a === undefined && b === undefined) break; // already back: too late to see it
      await sleep(5);
    }
    expect(shape(refused.pool)).toMatchObject({ code: '57P03', message: 'the database system is in recovery mode' });
    expect(shape(refused.prisma)).toMatchObject({ name: 'PrismaClientKnownRequestError', cause: { kind: 'postgres', code: '57P03' } });
    expect(classifyDatabaseFailure(refused.pool)).toBe('unreachable');
    expect(classifyDatabaseFailure(refused.prisma)).toBe('unreachable');
    await expect.poll(() => poolOf(prisma).query('SELECT 1').then(() => true, () => false), { timeout: 15_000 }).toBe(true);
  }, 30_000);

  it('no connection in time, a silent server, a full role: "unreachable"', async () => {
    // A pool of one, held: the next call waits connectTimeoutMs for it, then gives up.
    const small = createPrisma(own.url, 1, 200);
    const hog = await poolOf(small).connect();
    let silent: Server | undefined;
    try {
      const poolTimeout = await failure(() => poolOf(small).query('SELECT 1'));
      const prismaTimeout = await failure(() => small.usuario.count());
      const maxWait = await failure(() => small.$transaction(async (tx) => tx.usuario.count(), { maxWait: 100 }));
      expect((poolTimeout as Error).message).toBe('timeout exceeded when trying to connect');
      expect((prismaTimeout as Error).message).toBe('timeout exceeded when trying to connect'); // the adapter passes pg-pool's Error on as it is
      expect(shape(maxWait)).toMatchObject({ code: 'P2028', message: 'Transaction API error: Unable to start a transaction in the given time.' });
      for (const e of [poolTimeout, prismaTimeout, maxWait]) expect(classifyDatabaseFailure(e)).toBe('unreachable');

      // A server that accepts the connection and never answers (a hung host, a black-holing proxy).
      silent = createServer(() => {});
      const port = await getFreePort();
      await new Promise<void>((r) => silent!.listen(port, '127.0.0.1', () => r()));
      const nowhere = createPrisma(`postgresql://postgres@127.0.0.1:${port}/legiao`, 1, 200);
      const connectTimeout = await failure(() => poolOf(nowhere).query('SELECT 1'));
      const viaPrisma = await failure(() => nowhere.usuario.count());
      await nowhere.$disconnect();
      expect((connectTimeout as Error).message).toBe('Connection terminated due to connection timeout');
      expect(((connectTimeout as Error).cause as Error).message).toBe('Connection terminated unexpectedly'); // the outer error decides
      for (const e of [connectTimeout, viaPrisma]) expect(classifyDatabaseFailure(e)).toBe('unreachable');

      // Too many connections (53300), here for a role allowed none.
      const role = `limitado_${randomUUID().slice(0, 8)}`;
      await poolOf(prisma).query(`CREATE ROLE ${role} LOGIN PASSWORD 'x' CONNECTION LIMIT 0`);
      const url = new URL(own.url);
      url.username = role;
      url.password = 'x';
      const limited = createPrisma(url.toString(), 1, 1000);
      const full = await failure(() => poolOf(limited).query('SELECT 1'));
      const fullPrisma = await failure(() => limited.usuario.count());
      await limited.$disconnect();
      expect(shape(full)).toMatchObject({ code: '53300' });
      expect(shape(fullPrisma)).toMatchObject({ name: 'PrismaClientKnownRequestError', code: 'P2037', cause: { kind: 'TooManyConnections' } });
      for (const e of [full, fullPrisma]) expect(classifyDatabaseFailure(e)).toBe('unreachable');
    } finally {
      hog.release();
      await small.$disconnect();
      silent?.close();
    }
  });

  it('leaves every other error alone', async () => {
    const key = randomUUID();
    const wrongDatabase = createPrisma(own.url.replace(/\/legiao$/, '/nao_existe'), 1);
    await prisma.faq.create({ data: { chave: key, pergunta: 'p', resposta: 'r', categoria: 'faq' } });
    const others = [
      await failure(() => prisma.faq.create({ data: { chave: key, pergunta: 'p', resposta: 'r', categoria: 'faq' } })), // P2002
      await failure(() => poolOf(prisma).query('INSERT INTO faq (chave, pergunta, resposta, categoria, atualizado_em) VALUES ($1, $2, $3, $4, now())', [key, 'p', 'r', 'faq'])), // 23505
      await failure(() => poolOf(prisma).query('SELEC 1')), // 42601
      await failure(() => prisma.$queryRawUnsafe('SELECT * FROM tabela_que_nao_existe')), // P2010, 42P01
      await failure(() => prisma.faq.update({ where: { chave: randomUUID() }, data: { ordem: 1 } })), // P2025
      await failure(() => wrongDatabase.usuario.count()), // P1003: a wrong setting, not an outage
      new Error('Connection terminated'), // our own end(), at shutdown
      new Error('qualquer coisa'),
      null,
      'texto',
    ];
    await wrongDatabase.$disconnect();
    for (const e of others) expect([shape(e), classifyDatabaseFailure(e)]).toEqual([shape(e), undefined]);
  });
});

describe('the error handler when the database is away', () => {
  let app: FastifyInstance;
  const lines: { level: number; msg: string; db?: { code?: string }; omitted?: number }[] = [];

  beforeAll(async () => {
    const logger = pino({ level: 'warn' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
    app = Fastify({ loggerInstance: logger as FastifyBaseLogger });
    app.decorate('ctx', { config: { database: { retryAfterS: 2 }, overload: { retryAfterS: 5 } } } as never);
    registerErrorHandler(app);
    const pool = poolOf(prisma);
    app.get('/leitura', async () => ({ n: await prisma.usuario.count() }));
    app.post('/nada-feito', async () => ({ n: await prisma.faq.count() }));
    // Writes, then loses the database before its second statement.
    app.post('/meio-feito', async () => {
      await prisma.faq.create({ data: { chave: randomUUID(), pergunta: 'p', resposta: 'r', categoria: 'faq' } });
      await own.stop();
      return pool.query('SELECT 1');
    });
    // A statement running when the server stops.
    app.post('/em-andamento', async () => {
      const running = pool.query(slowSql);
      void runningOnServer(1).then(() => own.stop());
      return running;
    });
    await app.ready();
  });

  afterAll(() => app?.close());

  const answer = (res: { statusCode: number; headers: Record<string, unknown>; json: () => unknown }) => ({ status: res.statusCode, retryAfter: res.headers['retry-after'], body: res.json() });
  const nothingDone = { status: 503, retryAfter: '2', body: { errors: [{ message: OPS_MSG.bancoIndisponivel, code: 'BANCO_INDISPONIVEL' }] } };
  const maybeDone = { status: 503, retryAfter: '2', body: { errors: [{ message: OPS_MSG.bancoInterrompido, code: 'BANCO_INTERROMPIDO' }] } };

  it('503 + Retry-After: BANCO_INDISPONIVEL when nothing was sent, BANCO_INTERROMPIDO when something may have been done', async () => {
    try {
      // A statement cut short, and a request that had already written something: maybe done.
      expect(answer(await app.inject({ method: 'POST', url: '/em-andamento' }))).toEqual(maybeDone);
      await own.start();
      expect(answer(await app.inject({ method: 'POST', url: '/meio-feito' }))).toEqual(maybeDone);
      // Down from the start: nothing reached the server, any method may be repeated.
      for (let i = 0; i < 5; i++) {
        expect(answer(await app.inject({ method: 'GET', url: '/leitura' }))).toEqual(nothingDone);
        expect(answer(await app.inject({ method: 'POST', url: '/nada-feito' }))).toEqual(nothingDone);
      }
    } finally {
      await own.start();
    }
    expect((await app.inject({ method: 'GET', url: '/leitura' })).statusCode).toBe(200);
    // One warning for the whole burst, without a stack.
    const warnings = lines.filter((l) => l.msg.startsWith('banco de dados indisponível'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ level: 40, db: { code: '57P01' } });
    expect(JSON.stringify(warnings[0])).not.toContain('    at ');
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
  });
});

describe('OutageLog', () => {
  it('logs the first failure of a burst, then at most one line per window with how many it left out', () => {
    const logged: object[] = [];
    const log = { warn: (obj: object) => void logged.push(obj) };
    const outage = new OutageLog('banco fora', 10_000);
    const err = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    for (let t = 0; t < 9_000; t += 100) outage.report(log, err, {}, 1_000_000 + t);
    expect(logged).toEqual([{ db: { message: 'connect ECONNREFUSED 127.0.0.1:5432', code: 'ECONNREFUSED' } }]);
    outage.report(log, err, {}, 1_010_000);
    expect(logged[1]).toEqual({ db: { message: 'connect ECONNREFUSED 127.0.0.1:5432', code: 'ECONNREFUSED' }, omitted: 89 });
  });
});
