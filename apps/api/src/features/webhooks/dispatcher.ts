import { PgBoss, type Clock } from 'pg-boss';
import type pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import { classifyDatabaseFailure, OutageLog } from '../../db/unavailable.js';
import { DeliveryWorker, type Outcome } from './delivery.js';
import { DeliveryPump, type MembersSignal } from './pump.js';
import { BATCH, QUEUE, WebhookRelay } from './relay.js';
import { WebhookRetention } from './retention.js';
import { WebhookSender } from './sender.js';
import type { MailSite } from '../mail/templates.js';

// The outgoing webhooks' machinery in one API process (docs/decisions/0042-webhooks.md, 0046):
// pg-boss (its own schema, pgboss, and a small pool of its own) holds the delivery jobs and their
// retry schedule; the relay turns the deliveries the event triggers wrote into jobs; the pump
// (pump.ts) fetches them in batches and runs them, at most WEBHOOKS_CONCURRENCY at once here and
// WEBHOOKS_ENDPOINT_CONCURRENCY per endpoint in this process, so a slow or dead endpoint holds a few
// slots and the others keep flowing. Not the database-counted group concurrency: its fetch slows
// with the backlog (measured: ~60 deliveries/s with 30,000 queued, against ~350/s counted here). A
// process killed mid-delivery leaves its job active: it expires (the timeout plus a margin) and
// pg-boss hands it to another process.

export type WebhookSettings = Config['webhooks'];

export interface DispatcherOptions {
  connectionString: string;
  pool: pg.Pool;
  settings: WebhookSettings;
  log: FastifyBaseLogger;
  /** A pg-boss TestClock in tests (retry schedule, 5 days of failures). */
  clock?: Clock;
  /** The mail outbox's "send now" (an endpoint paused after days of failures e-mails the administrators). */
  kickMail?: () => void;
  /** PUBLIC_URL and STORE_URL (the app's config): the administrators' notice links to the endpoint's page. */
  site: MailSite;
  onOutcome?: (outcome: Outcome) => void;
  /** Whether members are being served (the deliveries yield to them). */
  members?: MembersSignal;
}

const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (t) => clearTimeout(t as NodeJS.Timeout),
  setInterval: (fn, ms) => setInterval(fn, ms),
  clearInterval: (t) => clearInterval(t as NodeJS.Timeout),
};

/** The queue's retry policy: pg-boss's exponential backoff, delay d·2^(n-1) to d·2^n (jitter), at most max. */
export function queuePolicy(s: WebhookSettings) {
  return {
    retryLimit: s.retryLimit,
    retryDelay: s.retryDelayS,
    retryBackoff: true,
    retryDelayMax: s.retryMaxS,
    // No heartbeat: a delivery lasts at most the timeout; past it plus a margin the job is given to
    // another process (a process killed mid-delivery, or one that could not settle the job while the
    // database was away: found by pg-boss's monitor, every 2 s here).
    expireInSeconds: Math.ceil(s.timeoutMs / 1000) + 5,
    // Finished jobs are kept a day (the delivery rows keep the history): the job table, which the
    // statistics below scan every 2 s, stays small.
    deleteAfterSeconds: 86_400,
    retentionSeconds: 30 * 86_400,
    notify: false,
  };
}

/** The least total time the retries of one delivery span: the lower edge of every delay. */
export function minimumRetrySpanS(s: Pick<WebhookSettings, 'retryDelayS' | 'retryMaxS' | 'retryLimit'>): number {
  let total = 0;
  for (let n = 1; n <= s.retryLimit; n++) total += Math.min(s.retryMaxS, s.retryDelayS * 2 ** (Math.min(16, n) - 1));
  return total;
}

export class WebhookDispatcher {
  readonly boss: PgBoss;
  readonly relay: WebhookRelay;
  readonly sender: WebhookSender;
  readonly worker: DeliveryWorker;
  readonly pump: DeliveryPump;
  readonly retention: WebhookRetention;
  private started = false;

  constructor(private readonly opts: DispatcherOptions) {
    const { settings } = opts;
    this.boss = new PgBoss({
      connectionString: opts.connectionString,
      schema: 'pgboss',
      application_name: 'legiao-webhooks',
      max: 4,
      // No pg-boss workers (pump.ts fetches): its LISTEN and the queue's NOTIFY would wake nobody.
      useListenNotify: false,
      superviseIntervalSeconds: 2,
      // The monitor pass finds expired jobs (default every 60 s: a minute's stall of an endpoint's
      // slots after a database outage was measured): every 2 s.
      monitorIntervalSeconds: 2,
      queueCacheIntervalSeconds: 1,
      instanceName: 'legiao-api',
      ...(opts.clock ? { clock: opts.clock } : {}),
    });
    // pg-boss reports its own faults here and keeps going by itself. The database away fails every
    // worker's every poll: one line per burst (OutageLog), not sixteen a second.
    const outage = new OutageLog('webhooks: banco de dados indisponível para a fila (pg-boss); entregas retomadas quando ele voltar');
    this.boss.on('error', (err) => {
      if (classifyDatabaseFailure(err) || /ECONNREFUSED|ECONNRESET|terminat|Connection/i.test(err.message)) outage.report(opts.log, err);
      else opts.log.warn({ err: { message: err.message, code: (err as { code?: string }).code } }, 'webhooks: pg-boss');
    });
    this.sender = new WebhookSender({ timeoutMs: settings.timeoutMs, allowPrivate: settings.allowPrivate });
    this.worker = new DeliveryWorker(opts.pool, this.sender, { pauseAfterMs: settings.pauseAfterMs }, opts.clock ?? Date, opts.log, opts.site, opts.kickMail);
    this.pump = new DeliveryPump(
      this.boss,
      this.worker,
      { concurrency: settings.concurrency, endpointConcurrency: settings.endpointConcurrency, yieldMs: settings.yieldMs },
      opts.clock ?? systemClock,
      opts.log,
      opts.onOutcome ?? (() => {}),
      opts.members ?? null,
      () => this.relay.kick(),
    );
    this.retention = new WebhookRetention(opts.pool, settings.retentionDays, opts.clock ?? Date, opts.log, opts.members ?? null);
    this.relay = new WebhookRelay(opts.pool, this.boss, opts.log, () => this.pump.kick(), () =>
      opts.members?.membersActive && settings.yieldMs > 0
        ? { spacingMs: settings.yieldMs, perEndpoint: settings.endpointConcurrency }
        : { spacingMs: 0, perEndpoint: Math.min(BATCH, 2 * settings.endpointConcurrency) },
    );
  }

  async start() {
    const { settings } = this.opts;
    await this.boss.start();
    const policy = queuePolicy(settings);
    if (await this.boss.getQueue(QUEUE)) await this.boss.updateQueue(QUEUE, policy);
    else await this.boss.createQueue(QUEUE, policy).catch(async (err) => {
      // Another process created it first.
      if (!(await this.boss.getQueue(QUEUE))) throw err;
    });
    this.pump.start();
    this.relay.start();
    this.retention.start();
    this.started = true;
  }

  /** Queue what is waiting now (the back office's retry, replay and resume). */
  kick() {
    if (this.started) this.relay.kick();
  }

  async stop() {
    if (!this.started) return;
    this.started = false;
    await this.relay.stop();
    await this.retention.stop();
    // Lets deliveries in flight finish and their outcomes be written (at most the timeout), then closes pg-boss's pool.
    await this.pump.stop(this.opts.settings.timeoutMs + 2000);
    await this.boss.stop({ graceful: true, timeout: 2000 });
    this.sender.close();
  }
}
