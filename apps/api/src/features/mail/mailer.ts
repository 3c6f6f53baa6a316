import { randomUUID } from 'node:crypto';
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/prisma.js';
import type { Prisma } from '../../generated/prisma/client.js';
import { classifyDatabaseFailure, OutageLog } from '../../db/unavailable.js';

export interface OutgoingMail {
  para: string;
  assunto: string;
  texto: string;
  html: string;
}

type Tx = Prisma.TransactionClient | Db;

const MAX_ATTEMPTS = 10;
const LEASE_MS = 2 * 60_000; // a claimed mail is retried by someone else if its sender dies
const backoffMs = (attempt: number) => Math.min(30_000 * 2 ** (attempt - 1), 3_600_000);

/**
 * Transactional outbox over SMTP (docs/decisions/0004-email-delivery.md). `enqueue` writes the
 * mail in the caller's transaction; `deliverDue` sends what is due and reschedules failures with
 * exponential backoff. Several API processes can run it: rows are claimed with SKIP LOCKED.
 */
export class Mailer {
  private timer?: NodeJS.Timeout;
  private running?: Promise<number>;
  /** Sent, but the row doesn't say so yet (the database went away in between): id -> attempts. */
  private readonly sentUnrecorded = new Map<string, number>();
  /** Claimed by a round that stopped before sending them. */
  private readonly claimedUnsent = new Set<string>();
  /** Claims whose answer never came (the database went away as they ran): they may have committed. */
  private readonly lostClaims = new Set<string>();
  private readonly outageLog = new OutageLog('e-mails: banco de dados indisponível; entregas retomadas quando ele voltar');
  private readonly transport: Transporter;
  readonly mode: 'smtp' | 'log';

  constructor(
    private readonly prisma: Db,
    private readonly opts: { smtpUrl?: string; from: string; retryIntervalMs: number; log: FastifyBaseLogger },
  ) {
    this.mode = opts.smtpUrl ? 'smtp' : 'log';
    // Without SMTP (the zero-setup start) mails are rendered and kept; the dev inbox shows them.
    // Pooled: a round's mails share open connections instead of a TCP connection, greeting and EHLO
    // each (ADR 0004). A round sends one mail at a time, so two connections are plenty; recycled every
    // 1,000 messages, and reopened on the next mail after the server went away. The address's query
    // wins over these (`?pool=false`).
    this.transport = opts.smtpUrl
      ? nodemailer.createTransport({ url: opts.smtpUrl, pool: true, maxConnections: 2, maxMessages: 1000 })
      : nodemailer.createTransport({ jsonTransport: true });
  }

  async enqueue(tx: Tx, mail: OutgoingMail) {
    return tx.emailSaida.create({ data: mail });
  }

  /** Ask for a delivery round soon (after the enqueueing transaction committed). */
  kick() {
    setImmediate(() =>
      void this.deliverDue().catch((err) => {
        // The database away: one line per burst; the next round (timer or kick) picks up where this stopped.
        if (classifyDatabaseFailure(err)) this.outageLog.report(this.opts.log, err);
        else this.opts.log.error({ err }, 'mail delivery round failed');
      }),
    );
  }

  start() {
    this.timer = setInterval(() => this.kick(), this.opts.retryIntervalMs);
    this.timer.unref();
    this.kick();
  }

  async stop() {
    if (this.timer) clearInterval(this.timer);
    await this.running?.catch(() => {});
    this.transport.close();
  }

  /** Sends every due mail once; returns how many were sent. Concurrent calls share one round. */
  deliverDue(): Promise<number> {
    if (!this.running) {
      this.running = this.round().finally(() => {
        this.running = undefined;
      });
    }
    return this.running;
  }

  private async round(): Promise<number> {
    await this.settleLeftovers();
    let sent = 0;
    for (;;) {
      const lease = randomUUID();
      let batch: { id: string; para: string; assunto: string; texto: string; html: string; tentativas: number }[];
      try {
        batch = await this.prisma.$queryRaw`
          UPDATE email_saida SET proxima_tentativa = now() + ${LEASE_MS} * interval '1 millisecond', concessao = ${lease}::uuid
          WHERE id IN (
            SELECT id FROM email_saida WHERE status = 'pendente' AND proxima_tentativa <= now()
            ORDER BY criado_em LIMIT 20 FOR UPDATE SKIP LOCKED)
          RETURNING id, para, assunto, texto, html, tentativas`;
      } catch (err) {
        // The claim may have committed with its answer lost: its mails would wait out the lease.
        if (classifyDatabaseFailure(err)) this.lostClaims.add(lease);
        throw err;
      }
      if (batch.length === 0) return sent;
      for (const mail of batch) this.claimedUnsent.add(mail.id);
      for (const mail of batch) {
        const attempts = mail.tentativas + 1;
        try {
          await this.transport.sendMail({ from: this.opts.from, to: mail.para, subject: mail.assunto, text: mail.texto, html: mail.html });
        } catch (err) {
          this.opts.log.warn({ err, para: mail.para, tentativas: attempts }, 'e-mail não enviado; nova tentativa agendada');
          await this.prisma.emailSaida.update({
            where: { id: mail.id },
            data: {
              tentativas: attempts,
              ultimoErro: String((err as Error).message ?? err).slice(0, 500),
              status: attempts >= MAX_ATTEMPTS ? 'falhou' : 'pendente',
              proximaTentativa: new Date(Date.now() + backoffMs(attempts)),
            },
          });
          this.claimedUnsent.delete(mail.id);
          continue;
        }
        // Sent: from here on it must never go out again. Remembered until the row says so.
        this.claimedUnsent.delete(mail.id);
        this.sentUnrecorded.set(mail.id, attempts);
        await this.recordSent(mail.id, attempts);
        if (this.mode === 'log') this.opts.log.info({ para: mail.para, assunto: mail.assunto, texto: mail.texto }, 'e-mail (sem SMTP: veja /api/dev/emails)');
        sent++;
      }
    }
  }

  private async recordSent(id: string, attempts: number) {
    // updateMany: a row gone meanwhile (an account deleted) is nothing to mark, not an error that would stop every round.
    await this.prisma.emailSaida.updateMany({ where: { id }, data: { status: 'enviado', enviadoEm: new Date(), tentativas: attempts } });
    this.sentUnrecorded.delete(id);
  }

  /**
   * What a round cut short by the database going away left behind (ADR 0038): mails sent whose row
   * could not be marked (marked now, so their lease running out doesn't send them twice) and mails
   * claimed but not sent yet (due again now, instead of when their lease runs out, 2 min later),
   * including those of a claim whose answer was lost (found by the claim's lease id). Only a process
   * that dies in between leaves that to the lease (at least once, ADR 0004).
   */
  private async settleLeftovers() {
    for (const [id, attempts] of this.sentUnrecorded) await this.recordSent(id, attempts);
    if (this.lostClaims.size) {
      // Nobody is sending what such a claim took (this process never learnt which mails they were).
      const leases = [...this.lostClaims];
      await this.prisma.$executeRaw`UPDATE email_saida SET proxima_tentativa = now() WHERE concessao = ANY(${leases}::uuid[]) AND status = 'pendente'`;
      for (const lease of leases) this.lostClaims.delete(lease);
    }
    if (this.claimedUnsent.size) {
      const ids = [...this.claimedUnsent];
      await this.prisma.emailSaida.updateMany({ where: { id: { in: ids }, status: 'pendente' }, data: { proximaTentativa: new Date() } });
      for (const id of ids) this.claimedUnsent.delete(id);
    }
  }
}
