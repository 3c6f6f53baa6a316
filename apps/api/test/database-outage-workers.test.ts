import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../src/db/migrate.js';
import { createPrisma, type Db } from '../src/db/prisma.js';
import { classifyDatabaseFailure } from '../src/db/unavailable.js';
import { Mailer } from '../src/features/mail/mailer.js';
import { BackgroundJobs } from '../src/lib/background-jobs.js';
import { startOwnPostgres, type OwnPostgres } from './support/own-postgres.js';

// The background workers when the database goes away in the middle of their work, on a PostgreSQL
// of this file's own (docs/decisions/0038-database-outage.md): they survive, and what they were
// doing is neither lost, nor done twice, nor left waiting for a lease to run out.

let own: OwnPostgres;
let prisma: Db;

beforeAll(async () => {
  own = await startOwnPostgres();
  await migrate(own.url);
  prisma = createPrisma(own.url, 2, 1000);
}, 60_000);

afterAll(async () => {
  await prisma?.$disconnect();
  await own?.destroy();
}, 30_000);

const silent = pino({ level: 'silent' });

describe('the mail outbox', () => {
  it('a mail sent just before the database went away is marked once it is back, not sent again; the rest of the round goes out at once', async () => {
    const received: string[] = [];
    // An SMTP server that stops PostgreSQL while it takes the first mail: the mailer's "sent" can't be written.
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData: (stream, session, callback) => {
        stream.resume();
        stream.on('end', () => {
          received.push(session.envelope.rcptTo[0]!.address);
          if (received.length === 1) void own.stop().then(() => callback());
          else callback();
        });
      },
    });
    await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', () => r()));
    const port = (smtp.server.address() as { port: number }).port;
    const mailer = new Mailer(prisma, { smtpUrl: `smtp://127.0.0.1:${port}`, from: 'Legião <nao-responda@legiao.test>', retryIntervalMs: 60_000, log: silent });
    const run = randomUUID().slice(0, 8);
    const to = [`primeiro.${run}@teste.legiao.dev`, `segundo.${run}@teste.legiao.dev`];
    for (const address of to) await prisma.emailSaida.create({ data: { para: address, assunto: 'Teste', texto: 'Olá', html: '<p>Olá</p>' } });
    try {
      const cut = await mailer.deliverDue().then(() => undefined, (err: unknown) => err);
      expect(classifyDatabaseFailure(cut)).toBeDefined();
      expect(received).toHaveLength(1); // one of the two (a round's batch has no set order)
      await own.start();
      // Both rows still carry the round's lease (2 min) ...
      const leased = await prisma.emailSaida.findMany({ where: { para: { in: to } } });
      expect(leased.map((m) => [m.status, m.proximaTentativa.getTime() > Date.now() + 60_000])).toEqual([['pendente', true], ['pendente', true]]);
      // ... yet the next round settles them: the sent one marked, the other one sent now.
      expect(await mailer.deliverDue()).toBe(1);
      const rows = await prisma.emailSaida.findMany({ where: { para: { in: to } }, orderBy: { para: 'asc' } });
      expect(rows.map((m) => [m.para, m.status, m.tentativas])).toEqual([[to[0], 'enviado', 1], [to[1], 'enviado', 1]]);
      expect(received.sort()).toEqual([...to].sort());
    } finally {
      await own.start();
      await mailer.stop();
      await new Promise<void>((r) => smtp.close(() => r()));
    }
  });
});

describe('background jobs', () => {
  it('a job cut short by the database going away is marked failed once it is back (so staff can resume it)', async () => {
    let attempts = 0;
    let marked = false;
    const jobs = new BackgroundJobs<{ id: string }>({
      batchSize: 10,
      stoppedMessage: 'parado',
      run: async (db) => {
        await own.stop();
        await db.$queryRaw`SELECT 1`; // fails: the database is gone
      },
      markFailed: async (db) => {
        attempts++;
        await db.$executeRaw`SELECT 1`;
        marked = true;
      },
    });
    const id = randomUUID();
    const errors: unknown[] = [];
    await jobs.start(prisma, id, async (client) => (await client.query('SELECT $1::text AS id', [id])).rows[0], (err) => errors.push(err));
    try {
      await expect.poll(() => attempts, { timeout: 10_000 }).toBeGreaterThanOrEqual(2); // tried while it was down
      expect(marked).toBe(false);
      await own.start();
      await jobs.running(id);
      expect(marked).toBe(true);
      expect(errors.map(classifyDatabaseFailure)).toEqual(['unreachable']);
    } finally {
      await own.start();
    }
  }, 30_000);
});
