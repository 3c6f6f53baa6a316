import type { Clock, PgBoss } from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import { classifyDatabaseFailure, OutageLog } from '../../db/unavailable.js';
import type { Attempt, DeliveryWorker, Job, Outcome } from './delivery.js';
import { QUEUE } from './relay.js';

// Moves delivery jobs from pg-boss to the endpoints (docs/decisions/0046-webhook-throughput.md).
// pg-boss's own worker settles a batch only when its slowest job ends, so one dead endpoint's job
// (15 s) would hold the healthy ones of its batch and the worker's slot; here each delivery runs on
// its own and only the database work is batched: jobs are fetched up to the free slots in one
// statement (endpoints at their cap left out of the fetch), their rows read in one, and outcomes
// written and jobs completed or failed by a recorder that takes whatever finished meanwhile (one
// write in flight at a time, so the batches grow with the rate). Caps: `concurrency` deliveries at
// once in this process, `endpointConcurrency` per endpoint (a dead endpoint holds its share, the
// others keep flowing). Woken by the local relay after it queued jobs; polls on the clock otherwise
// (retries falling due, other processes' jobs; pg-boss's TestClock drives it in tests).

const POLL_MS = 500;
const MAX_BATCH = 200;
/** The least time between two fetches: slots freed meanwhile are filled by one fetch, not one each. */
const MIN_GAP_MS = 10;

export interface PumpSettings {
  concurrency: number;
  endpointConcurrency: number;
  /** While members are being served, at most one fetch per this many ms (0: no yield). */
  yieldMs: number;
}

/** Whether members are being served right now (the store integration's gate, ADR 0041, knows). */
export interface MembersSignal {
  readonly membersActive: boolean;
}

export class DeliveryPump {
  private inFlight = 0;
  private readonly perEndpoint = new Map<string, number>();
  private finished: Attempt[] = [];
  private recording?: Promise<void>;
  private stopped = true;
  private loop?: Promise<void>;
  private wake?: () => void;
  private woken = false;
  private lastFetchAt = Number.NEGATIVE_INFINITY;
  private readonly outage = new OutageLog('webhooks: banco de dados indisponível para as entregas; retomadas quando ele voltar');

  constructor(
    private readonly boss: PgBoss,
    private readonly worker: DeliveryWorker,
    private readonly settings: PumpSettings,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    private readonly onOutcome: (outcome: Outcome) => void,
    private readonly members: MembersSignal | null = null,
    /** Asks the relay for more jobs (a fetch came back short). */
    private readonly wantMore: () => void = () => {},
  ) {}

  start() {
    this.stopped = false;
    this.loop = this.run();
  }

  /** Fetch now (jobs were just queued, or a slot freed). */
  kick() {
    this.woken = true;
    this.wake?.();
  }

  private async run() {
    while (!this.stopped) {
      const free = this.settings.concurrency - this.inFlight;
      if (free <= 0) {
        await this.pause(POLL_MS);
        continue;
      }
      // Members first (as ADR 0041's store batches): while members are being served, one fetch per
      // yieldMs at most (MIN_GAP_MS otherwise). A fetch takes what is ready up to the free slots, so the deliveries go on in
      // fewer, larger batches (cheaper per delivery) and leave the cores and PostgreSQL to the members
      // in between; without members they fetch back to back.
      const gap = this.members?.membersActive ? Math.max(MIN_GAP_MS, this.settings.yieldMs) : MIN_GAP_MS;
      const wait = this.lastFetchAt + gap - performance.now();
      if (wait > 0) {
        await new Promise((resolve) => setTimeout(resolve, wait));
        continue;
      }
      const allowed = free;
      let jobs: Job[];
      try {
        const full = [...this.perEndpoint].filter(([, n]) => n >= this.settings.endpointConcurrency).map(([id]) => id);
        this.lastFetchAt = performance.now();
        jobs = (await this.boss.fetch(QUEUE, { batchSize: Math.min(allowed, MAX_BATCH), includeMetadata: true, ignoreGroups: full })) as Job[];
      } catch (err) {
        if (classifyDatabaseFailure(err) || /ECONNREFUSED|ECONNRESET|terminat|Connection/i.test((err as Error).message)) this.outage.report(this.log, err);
        else this.warn(err, 'webhooks: falha ao buscar entregas');
        await this.pause(1000);
        continue;
      }
      if (jobs.length < Math.min(allowed, MAX_BATCH)) this.wantMore();
      if (!jobs.length) {
        await this.pause(POLL_MS);
        continue;
      }
      const taken: Job[] = [];
      const excess: Job[] = [];
      for (const job of jobs) {
        const endpoint = this.endpointOf(job);
        const n = this.perEndpoint.get(endpoint) ?? 0;
        if (n >= this.settings.endpointConcurrency) excess.push(job);
        else {
          this.perEndpoint.set(endpoint, n + 1);
          taken.push(job);
        }
      }
      this.inFlight += taken.length;
      // Over an endpoint's cap within one fetch: back to the queue, claimable again at the same retry count.
      if (excess.length) await this.worker.restore(excess).catch((err: unknown) => this.warn(err, 'webhooks: falha ao devolver entregas à fila'));
      void this.deliver(taken);
    }
  }

  private warn(err: unknown, message: string) {
    this.log.warn({ err }, message);
  }

  private endpointOf(job: Job): string {
    return job.data.endpointId ?? job.groupId ?? '';
  }

  /** Reads the batch's rows, then sends each on its own; each finished attempt goes to the recorder. */
  private async deliver(jobs: Job[]) {
    let rows;
    try {
      rows = await this.worker.load(jobs);
    } catch (err) {
      // The jobs stay active and expire: pg-boss runs them again (at least once).
      if (classifyDatabaseFailure(err)) this.outage.report(this.log, err);
      else this.warn(err, 'webhooks: falha ao ler entregas; pg-boss tenta de novo');
      for (const job of jobs) this.release(job);
      return;
    }
    const stale = jobs.filter((j) => !rows.has(j.id));
    const paused = jobs.filter((j) => rows.get(j.id)?.pausado);
    const settled: Array<[Job, Outcome]> = [...stale.map((j): [Job, Outcome] => [j, 'descartada']), ...paused.map((j): [Job, Outcome] => [j, 'retida'])];
    if (settled.length) {
      await this.worker
        .hold(paused)
        .then(() => this.settle(settled))
        .catch((err) => this.warn(err, 'webhooks: falha ao reter entregas; pg-boss tenta de novo'));
      for (const [job] of settled) this.release(job);
    }
    for (const job of jobs) {
      const row = rows.get(job.id);
      if (!row || row.pausado) continue;
      void this.worker
        .send(job, row)
        .then((attempt) => {
          this.finished.push(attempt);
          this.recordSoon();
        })
        .catch((err) => this.warn(err, 'webhooks: entrega interrompida; pg-boss tenta de novo'))
        .finally(() => this.release(job));
    }
  }

  private release(job: Job) {
    this.inFlight--;
    const endpoint = this.endpointOf(job);
    const n = (this.perEndpoint.get(endpoint) ?? 1) - 1;
    if (n <= 0) this.perEndpoint.delete(endpoint);
    else this.perEndpoint.set(endpoint, n);
    this.kick();
  }

  /** One write of outcomes at a time: what finishes meanwhile waits and goes in the next one. */
  private recordSoon() {
    if (this.recording) return;
    this.recording = (async () => {
      while (this.finished.length) {
        const batch = this.finished;
        this.finished = [];
        try {
          const outcomes = await this.worker.record(batch);
          await this.settle(batch.map((a, i) => [a.job, outcomes[i]!]));
        } catch (err) {
          // Not written (the database away past the retries): the jobs expire and run again.
          this.warn(err, 'webhooks: resultado de entregas não gravado; pg-boss tenta de novo');
        }
      }
    })().finally(() => {
      this.recording = undefined;
      if (this.finished.length) this.recordSoon();
    });
  }

  /** Completes the jobs done with and fails those to retry, one statement each (fenced to the attempt fetched). */
  private async settle(outcomes: Array<[Job, Outcome]>) {
    const retry = outcomes.filter(([, o]) => o === 'nova-tentativa').map(([j]) => j);
    const done = outcomes.filter(([, o]) => o !== 'nova-tentativa').map(([j]) => j);
    if (done.length) await this.boss.complete(QUEUE, done);
    if (retry.length) await this.boss.fail(QUEUE, retry, { message: 'entrega falhou: nova tentativa agendada' });
    for (const [, outcome] of outcomes) this.onOutcome(outcome);
  }

  /** Sleeps `ms` on the clock, or until kicked. */
  private pause(ms: number) {
    if (this.woken || this.stopped) {
      this.woken = false;
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => {
      const timer = this.clock.setTimeout(() => done(), ms);
      const done = () => {
        this.clock.clearTimeout(timer);
        this.wake = undefined;
        this.woken = false;
        resolve();
      };
      this.wake = done;
    });
  }

  /** Stops fetching; waits (at most `graceMs`) for the deliveries in flight and their outcomes. */
  async stop(graceMs: number) {
    this.stopped = true;
    this.wake?.();
    await this.loop;
    const deadline = Date.now() + graceMs;
    while ((this.inFlight > 0 || this.recording || this.finished.length) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  }
}
