import type { FastifyBaseLogger } from 'fastify';
import { classifyDatabaseFailure } from '../db/unavailable.js';

// A pass of background housekeeping run on a schedule in each API process (the webhooks' retention,
// ADR 0046; the read log's, ADR 0045): a first pass a while after the start (not in the boot's
// rush), then every `everyMs`; one pass at a time; a database away is no news (the outage is logged
// elsewhere), anything else is a warning; stop() waits for the pass running.

export class PeriodicPass {
  private timer?: NodeJS.Timeout;
  private running?: Promise<unknown>;
  private stopped = false;

  constructor(
    private readonly pass: () => Promise<unknown>,
    private readonly schedule: { firstAfterMs: number; everyMs: number },
    private readonly log: FastifyBaseLogger,
    private readonly failure: string,
  ) {}

  get isStopped() {
    return this.stopped;
  }

  start() {
    const run = () => {
      if (this.running || this.stopped) return;
      this.running = this.pass()
        .catch((err) => {
          if (!classifyDatabaseFailure(err)) this.log.warn({ err }, this.failure);
        })
        .finally(() => (this.running = undefined));
    };
    this.timer = setTimeout(() => {
      run();
      this.timer = setInterval(run, this.schedule.everyMs);
      this.timer.unref();
    }, this.schedule.firstAfterMs);
    this.timer.unref();
  }

  async stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    clearInterval(this.timer);
    await this.running;
  }
}
