import type pg from 'pg';
import { connectOutsidePool, poolOf, type Db } from '../db/prisma.js';
import { classifyDatabaseFailure } from '../db/unavailable.js';

// Background jobs of this API process: the back office's code pool confirmations
// (docs/decisions/0028-code-pools-and-images.md) and import applies (0032-back-office-imports.md).
// A job is a database row: a conditional state change (its audit row in the same transaction) claims
// it and is answered at once (202); then the job runs here in batches, each its own short transaction
// that also writes the progress, so any process can resume it from there. One registry per kind of
// job: the jobs running here by row id (tests, the CLI and shutdown wait for them), a stop on
// shutdown that ends each job between two batches, and what counts as stalled.

/** A job whose row says it runs but made no progress for this long ran in a process that stopped. */
export const STALLED_MS = 2 * 60_000;
/** Attempts, a second apart, at marking a failed job while the database is away. */
const MARK_FAILED_TRIES = 60;

/** What a kind of job does with its row, once claimed (T: the row as the feature reads it). */
export interface JobKind<T> {
  /** The job itself, started in the background once the claim committed. */
  run: (prisma: Db, claimed: T) => Promise<void>;
  /** When the job fails (after the error was logged): marks the row failed, 'falhou' with its message. */
  markFailed: (prisma: Db, id: string) => Promise<unknown>;
  /** Rows per batch (runBatches): one short transaction each. */
  batchSize: number;
  /** The error a stop on shutdown ends a job with, between two batches. */
  stoppedMessage: string;
}

/**
 * The claim, in one transaction on a pool connection: reads the row FOR UPDATE, refuses (throws,
 * nothing changes) unless the job may start, changes the row's state and writes its audit row.
 * Answers the claimed row.
 */
export type JobClaim<T> = (client: pg.PoolClient) => Promise<T>;

export class BackgroundJobs<T> {
  private readonly jobs = new Map<string, Promise<void>>();
  private stopping = false;

  constructor(private readonly kind: JobKind<T>) {}

  /** The job of this row running in this process, if any. */
  running(id: string): Promise<void> | undefined {
    return this.jobs.get(id);
  }

  /**
   * Whether the job of a row that says it runs, last updated at `updatedAt`, may be started again:
   * no progress for STALLED_MS and not running in this process (its process was killed outright).
   */
  stalled(id: string, updatedAt: Date): boolean {
    return Date.now() - updatedAt.getTime() > STALLED_MS && !this.jobs.has(id);
  }

  /**
   * Claims row `id` (see JobClaim) and starts its job in the background; answers the claimed row at
   * once. A failure of the job is told to `log` (the request's logger, the CLI's console), then the
   * row is marked failed (an error doing that is ignored).
   */
  async start(prisma: Db, id: string, claim: JobClaim<T>, log: (err: unknown) => void): Promise<T> {
    const client = await poolOf(prisma).connect();
    let claimed: T;
    try {
      await client.query('BEGIN');
      claimed = await claim(client);
      await client.query('COMMIT');
    } catch (err) {
      await client.query('ROLLBACK').catch(() => {});
      throw err;
    } finally {
      client.release();
    }
    const job = this.kind
      .run(prisma, claimed)
      .catch(async (err) => {
        log(err);
        await this.markFailed(prisma, id);
      })
      .finally(() => this.jobs.delete(id));
    this.jobs.set(id, job);
    return claimed;
  }

  /**
   * Marks the row failed, so staff see it and may start it again (it resumes from its progress). A
   * job cut short by the database going away can't write that at once: tried again every second
   * while the database is away (for up to MARK_FAILED_TRIES s, or until shutdown), rather than leaving
   * a row that says "running" until it counts as stalled (docs/decisions/0038-database-outage.md).
   */
  private async markFailed(prisma: Db, id: string) {
    for (let tries = 1; ; tries++) {
      try {
        await this.kind.markFailed(prisma, id);
        return;
      } catch (err) {
        if (!classifyDatabaseFailure(err) || tries >= MARK_FAILED_TRIES || this.stopping) return;
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    }
  }

  /**
   * On shutdown: each job stops after the batch it is writing (a batch is one short transaction) and
   * ends with an Error(stoppedMessage), logged, so its row is marked failed; confirming or applying
   * it again, on any process, resumes from the row's progress. Answers when every job here has ended.
   */
  async stop(): Promise<void> {
    this.stopping = true;
    await Promise.allSettled([...this.jobs.values()]);
    // The registry is the module's, the app is not: a process that builds another app after this
    // one closed (the tests build one per file in a shared worker) starts its jobs again.
    this.stopping = false;
  }

  /**
   * A job's work on a connection of its own (not the pool's), from `done` (the row's progress) to
   * `total`: `batch(client, from, to)` for each slice (from, to] of batchSize rows, each in its own
   * transaction (the batch writes the progress in it), then `finish(client)`. A failure rolls back
   * the batch in flight and is thrown.
   */
  async runBatches(
    prisma: Db,
    progress: { done: number; total: number },
    batch: (client: pg.Client, from: number, to: number) => Promise<void>,
    finish: (client: pg.Client) => Promise<void>,
  ): Promise<void> {
    const client = await connectOutsidePool(prisma);
    try {
      let done = progress.done;
      while (done < progress.total) {
        if (this.stopping) throw new Error(this.kind.stoppedMessage);
        const upto = Math.min(done + this.kind.batchSize, progress.total);
        await client.query('BEGIN');
        await batch(client, done, upto);
        await client.query('COMMIT');
        done = upto;
      }
      await finish(client);
    } catch (err) {
      await client.query('ROLLBACK').catch(() => {});
      throw err;
    } finally {
      await client.end().catch(() => {});
    }
  }
}
