import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/prisma.js';
import type { Prisma } from '../../generated/prisma/client.js';

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
  private readonly transport: Transporter;
  readonly mode: 'smtp' | 'log';

  constructor(
    private readonly prisma: Db,
    private readonly opts: { smtpUrl?: string; from: string; retryIntervalMs: number; log: FastifyBaseLogger },
  ) {
    this.mode = opts.smtpUrl ? 'smtp' : 'log';
    // Without SMTP (the zero-setup start) mails are rendered and kept; the dev inbox shows them.
    this.transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : nodemailer.createTransport({ jsonTransport: true });
  }

  async enqueue(tx: Tx, mail: OutgoingMail) {
    return tx.emailSaida.create({ data: mail });
  }

  /** Ask for a delivery round soon (after the enqueueing transaction committed). */
  kick() {
    setImmediate(() => void this.deliverDue().catch((err) => this.opts.log.error({ err }, 'mail delivery round failed')));
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
    let sent = 0;
    for (;;) {
      const batch = await this.prisma.$queryRaw<{ id: string; para: string; assunto: string; texto: string; html: string; tentativas: number }[]>`
        UPDATE email_saida SET proxima_tentativa = now() + ${LEASE_MS} * interval '1 millisecond'
        WHERE id IN (
          SELECT id FROM email_saida WHERE status = 'pendente' AND proxima_tentativa <= now()
          ORDER BY criado_em LIMIT 20 FOR UPDATE SKIP LOCKED)
        RETURNING id, para, assunto, texto, html, tentativas`;
      if (batch.length === 0) return sent;
      for (const mail of batch) {
        try {
          await this.transport.sendMail({ from: this.opts.from, to: mail.para, subject: mail.assunto, text: mail.texto, html: mail.html });
          await this.prisma.emailSaida.update({ where: { id: mail.id }, data: { status: 'enviado', enviadoEm: new Date(), tentativas: mail.tentativas + 1 } });
          if (this.mode === 'log') this.opts.log.info({ para: mail.para, assunto: mail.assunto, texto: mail.texto }, 'e-mail (sem SMTP: veja /api/dev/emails)');
          sent++;
        } catch (err) {
          const attempts = mail.tentativas + 1;
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
        }
      }
    }
  }
}
