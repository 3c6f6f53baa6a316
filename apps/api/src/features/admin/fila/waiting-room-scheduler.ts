import type { Db } from '../../../db/prisma.js';
import { OutageLog } from '../../../db/unavailable.js';
import type { QueueStore } from '../../fila/fila.types.js';
import { applyDueSchedules, type Applied } from './waiting-room-schedule.service.js';
import type { Prisma } from '../../../generated/prisma/client.js';

/**
 * Runs in every API process: once a second, applies the schedules that are due (one query when
 * none is: the executar_em index). Processes race for a due row with SKIP LOCKED, so each is
 * applied once, by one of them, and no process has to be "the scheduler".
 */
export class WaitingRoomScheduler {
  private readonly failures = new OutageLog('fila: agendamento não aplicado (nova tentativa em 1 s)');
  private timer: NodeJS.Timeout | null = null;
  private running = false;

  constructor(
    private readonly opts: {
      db: Db;
      store: QueueStore;
      onApplied: (tx: Prisma.TransactionClient, a: Applied) => Promise<void>;
      /** After a pass applied something: tell this process's panels at once. */
      afterApplied: (a: Applied[]) => void;
      log: { warn: (obj: object, msg?: string) => void };
      intervalMs?: number;
    },
  ) {}

  start() {
    this.timer = setInterval(() => void this.runOnce(), this.opts.intervalMs ?? 1000);
    this.timer.unref();
  }

  /** One pass at `now`; skipped (empty) while the previous one still runs. */
  async runOnce(now = new Date()): Promise<Applied[]> {
    if (this.running) return [];
    this.running = true;
    try {
      const done = await applyDueSchedules(this.opts.db, this.opts.store, now, this.opts.onApplied);
      if (done.length) this.opts.afterApplied(done);
      return done;
    } catch (err) {
      // Every second while the database is away: one line per burst, not a stack a second (ADR 0038).
      this.failures.report(this.opts.log, err);
      return [];
    } finally {
      this.running = false;
    }
  }

  stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
