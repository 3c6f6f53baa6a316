import { PgBoss } from 'pg-boss';
import nodemailer, { type Transporter } from 'nodemailer';
import type { SqlPool } from '../../db/prisma.js';
import { classifyDatabaseFailure, OutageLog } from '../../db/unavailable.js';
import type { MailSite } from '../mail/templates/index.js';
import type { BounceMailbox } from '../mail/bounce-address.js';
import type { QueueStore } from '../fila/fila.types.js';
import { LaunchAlertPlanner } from './alert-planner.js';
import { LaunchAlertSender } from './alert-sender.js';

// The launch alerts' machinery in one API process (docs/decisions/0049-launch-alert-waves.md), on
// pg-boss as the webhooks (ADR 0042): its own PgBoss instance on the same `pgboss` schema, queue
// `lancamento-alertas`, one job = "send what is claimable in wave N of launch L". The planner makes
// the waves; pg-boss hands the jobs to any process's workers, and a job whose process died expires
// and is handed over. Exactly once is the rows' business (alert-sender.ts), not the job's.

export const ALERT_QUEUE = 'lancamento-alertas';

export interface AlertSettings {
  waveIntervalMs: number;
  targetWaitMs: number;
  /** The members' mean reaction time (ALERTAS_REACAO_S): the waves count the members still on their way with it. */
  reactionMs: number;
  leaseMs: number;
  retryMs: number;
  maxAttempts: number;
  concurrency: number;
}

export interface AlertDispatcherOptions {
  connectionString: string;
  pool: SqlPool;
  store: QueueStore;
  settings: AlertSettings;
  smtpUrl?: string;
  /** A transport of the caller's (tests); else SMTP_URL, or a JSON transport that only logs (no SMTP). */
  transport?: Transporter;
  from: string;
  site: MailSite;
  secret: string;
  bounceMailbox?: BounceMailbox;
  foundersUntil: Date;
  log: { warn: (obj: object, msg: string) => void; info: (obj: object, msg: string) => void };
  /** Tests only: a queue of their own and only their launches (test files share one database). */
  queue?: string;
  launchIds?: () => string[] | null;
}

/** SMTP_URL with bounded waits (nodemailer reads them from the address's query). */
function withTimeouts(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  for (const [k, v] of [['connectionTimeout', '10000'], ['greetingTimeout', '10000'], ['socketTimeout', '30000']] as const) if (!url.searchParams.has(k)) url.searchParams.set(k, v);
  return url.toString();
}

/**
 * Pooled SMTP: a connection per sender, kept open across messages. A connection per message (TCP,
 * greeting, EHLO, QUIT each time) held the senders to ~35 alerts/s on a local catcher (issue 32's
 * bench). `maxMessages` recycles a connection now and then; the pool reconnects after the server
 * went away (a connection found closed is dropped, the next message opens a new one). The address's
 * own query wins over these (e.g. `?pool=false`).
 */
export function alertTransport(smtpUrl: string, connections: number): Transporter {
  return nodemailer.createTransport({ url: withTimeouts(smtpUrl), pool: true, maxConnections: connections, maxMessages: 1000 });
}

export class LaunchAlertDispatcher {
  readonly boss: PgBoss;
  readonly sender: LaunchAlertSender;
  readonly planner: LaunchAlertPlanner;
  private readonly transport: Transporter;
  private readonly ownTransport: boolean;
  private started = false;
  private readonly queue: string;

  constructor(private readonly opts: AlertDispatcherOptions) {
    const { settings } = opts;
    this.boss = new PgBoss({ connectionString: opts.connectionString, schema: 'pgboss', application_name: 'legiao-alertas', max: 3, useListenNotify: false, superviseIntervalSeconds: 2, monitorIntervalSeconds: 2, queueCacheIntervalSeconds: 1 });
    const outage = new OutageLog('avisos de lançamento: banco de dados indisponível para a fila (pg-boss); retomados quando ele voltar');
    this.boss.on('error', (err) => {
      if (classifyDatabaseFailure(err) || /ECONNREFUSED|ECONNRESET|terminat|Connection/i.test(err.message)) outage.report(opts.log, err);
      else opts.log.warn({ err: err.message }, 'avisos de lançamento: pg-boss');
    });
    this.ownTransport = !opts.transport;
    // Bounded waits: a sender holds its row's claim (leaseMs) longer than any one send can take.
    this.transport =
      opts.transport ??
      (opts.smtpUrl ? alertTransport(opts.smtpUrl, settings.concurrency) : nodemailer.createTransport({ jsonTransport: true }));
    this.sender = new LaunchAlertSender({ pool: opts.pool, transport: this.transport, from: opts.from, site: opts.site, secret: opts.secret, ...(opts.bounceMailbox ? { bounceMailbox: opts.bounceMailbox } : {}), foundersUntil: opts.foundersUntil, leaseMs: settings.leaseMs, retryMs: settings.retryMs, maxAttempts: settings.maxAttempts, waveIntervalMs: settings.waveIntervalMs, log: opts.log });
    this.planner = new LaunchAlertPlanner({
      pool: opts.pool,
      store: opts.store,
      waveIntervalMs: settings.waveIntervalMs,
      targetWaitMs: settings.targetWaitMs,
      reactionMs: settings.reactionMs,
      leaseMs: settings.leaseMs,
      sendersPerWave: settings.concurrency,
      enqueue: (launchId, wave, copies) => this.enqueue(launchId, wave, copies),
      settleStale: (launchId) => this.sender.settleStale(launchId),
      log: opts.log,
      ...(opts.launchIds ? { launchIds: opts.launchIds } : {}),
    });
    this.queue = opts.queue ?? ALERT_QUEUE;
  }

  private async enqueue(launchId: string, wave: number, copies: number) {
    // Each job knows how many share the wave: it paces its share (alert-pacing.ts).
    for (let i = 0; i < copies; i++) await this.boss.send(this.queue, { launchId, wave, copies });
  }

  async start() {
    await this.boss.start();
    // A job runs until its wave has nothing claimable; a killed process's job expires and is retried.
    const policy = { retryLimit: 5, retryDelay: 2, retryBackoff: true, expireInSeconds: Math.ceil(this.opts.settings.leaseMs / 1000) * 10 + 60, deleteAfterSeconds: 86_400 };
    if (await this.boss.getQueue(this.queue)) await this.boss.updateQueue(this.queue, policy);
    else
      await this.boss.createQueue(this.queue, policy).catch(async (err) => {
        if (!(await this.boss.getQueue(this.queue))) throw err;
      });
    await this.boss.work<{ launchId: string; wave: number; copies?: number }>(this.queue, { localConcurrency: this.opts.settings.concurrency, pollingIntervalSeconds: 0.5, batchSize: 1 }, async ([job]) => {
      // A job queued before `copies` was in its data: as many as this process queues.
      const outcome = await this.sender.sendWave(job!.data.launchId, job!.data.wave, job!.data.copies ?? this.opts.settings.concurrency);
      if (outcome.sent + outcome.failed + outcome.skipped > 0) this.opts.log.info({ launchId: job!.data.launchId, wave: job!.data.wave, ...outcome }, 'avisos de lançamento: envio');
    });
    this.planner.start();
    this.started = true;
  }

  /**
   * Stops planning, lets the jobs in flight end (their rows recorded), closes pg-boss's pool and the
   * SMTP pool (nodemailer closes its idle connections at once; one still delivering finishes first).
   */
  async stop() {
    if (!this.started) return;
    this.started = false;
    await this.planner.stop();
    this.sender.stop();
    await this.boss.stop({ graceful: true, timeout: 10_000 });
    if (this.ownTransport) this.transport.close();
  }
}
