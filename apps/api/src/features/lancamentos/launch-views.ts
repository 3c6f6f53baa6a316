import type { SqlPool } from '../../db/prisma.js';
import { OutageLog } from '../../db/unavailable.js';

// "Seen" on the launch day (docs/decisions/0047-launches.md, part 2): the first time GET
// /api/lancamentos listed a launch to a member. That call is the launch crowd's hottest, so a view
// costs nothing after the first one this process noticed: a per-process set of (launch, member)
// already recorded; a new pair goes to a buffer written once a second as one INSERT ... SELECT FROM
// unnest(...) ON CONFLICT DO NOTHING (several processes, or this one after the set was cleared,
// writing the same pair again change nothing). The request never waits for the write.
// What can be lost: the buffer of the last second if the process dies, and a batch the database
// refused (its pairs are forgotten by the set, so the member's next view offers them again).

interface Pending {
  launchId: string;
  userId: string;
  eligible: boolean;
  at: Date;
}

export interface LaunchViewsOptions {
  pool: SqlPool;
  log: { warn: (obj: object, msg: string) => void };
  /** Pairs remembered per process before the set starts afresh (memory bound: ~100 bytes a pair). */
  maxRemembered?: number;
  flushMs?: number;
}

export class LaunchViews {
  private readonly failures = new OutageLog('lancamentos: visualizações não gravadas (serão oferecidas de novo)');
  private remembered = new Set<string>();
  private pending = new Map<string, Pending>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<number> | null = null;
  private readonly max: number;

  constructor(private readonly opts: LaunchViewsOptions) {
    this.max = opts.maxRemembered ?? 200_000;
  }

  start() {
    this.timer = setInterval(() => void this.flush(), this.opts.flushMs ?? 1000);
    this.timer.unref();
  }

  async stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
  }

  /** Notes that `userId` was shown these launches now; a set lookup per launch for pairs seen before. */
  record(userId: string, launches: { launchId: string; eligible: boolean }[], at = new Date()) {
    for (const l of launches) {
      const key = `${l.launchId}:${userId}`;
      if (this.remembered.has(key)) continue;
      // Starting afresh costs one more ON CONFLICT DO NOTHING per pair seen again, never a wrong count.
      if (this.remembered.size >= this.max) this.remembered = new Set();
      this.remembered.add(key);
      this.pending.set(key, { launchId: l.launchId, userId, eligible: l.eligible, at });
    }
  }

  /** Writes what is buffered (one statement); answers how many pairs were sent. */
  flush(): Promise<number> {
    // One at a time: a slow database must not pile up statements; the next tick takes the rest.
    this.flushing ??= this.write().finally(() => (this.flushing = null));
    return this.flushing;
  }

  private async write(): Promise<number> {
    if (this.pending.size === 0) return 0;
    const batch = [...this.pending.entries()];
    this.pending = new Map();
    try {
      await this.opts.pool.query({
        name: 'lancamento-visualizacao-gravar',
        text: `INSERT INTO lancamento_visualizacao (lancamento_id, usuario_id, primeira_em, elegivel)
               SELECT v.l, v.u, v.t, v.e FROM unnest($1::uuid[], $2::uuid[], $3::timestamptz[], $4::boolean[]) AS v(l, u, t, e)
               WHERE EXISTS (SELECT 1 FROM usuario WHERE id = v.u) -- an account erased meanwhile must not fail the batch
               ON CONFLICT (lancamento_id, usuario_id) DO NOTHING`,
        values: [batch.map(([, p]) => p.launchId), batch.map(([, p]) => p.userId), batch.map(([, p]) => p.at), batch.map(([, p]) => p.eligible)],
      });
      return batch.length;
    } catch (err) {
      // Forgotten, so the member's next view offers them again (the launch or the account may also be gone: FK).
      for (const [key] of batch) this.remembered.delete(key);
      this.failures.report(this.opts.log, err, { pairs: batch.length });
      return 0;
    }
  }
}
