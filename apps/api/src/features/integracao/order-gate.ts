import fp from 'fastify-plugin';

/**
 * The store's order batches, and the CRM's sync pages (ADR 0045), are background work: the members come first (docs/decisions/0041-store-integration.md,
 * "Members first"). A batch's cost is mostly PostgreSQL's CPU, on the same machine as the member calls.
 *
 * - Without member calls (a night's backlog, a first load) up to `parallel` batches run at once: one
 *   parses and checks its orders while another holds the products' locks in PostgreSQL.
 * - While members are being served (a member or staff call in the last second) one batch at a time,
 *   and after each the next waits `yieldFactor` times as long as that one took, so batches use at
 *   most 1/(1 + yieldFactor) of the time. A batch's own answer is never delayed: the next one waits.
 */
export class OrderGate {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private pausedUntil = 0;
  private timer: NodeJS.Timeout | undefined;
  private lastMemberCall = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly yieldFactor: number,
    private readonly parallel = 4,
    private readonly recentMs = 1000,
  ) {}

  /** A member's (or staff member's) call arrived. */
  memberCall(now = performance.now()): void {
    this.lastMemberCall = now;
  }

  get membersActive(): boolean {
    return performance.now() - this.lastMemberCall < this.recentMs;
  }

  /** `yieldFactor`: this kind of work's own, when it should give the members more than the default. */
  async run<T>(fn: () => Promise<T>, yieldFactor = this.yieldFactor): Promise<T> {
    await new Promise<void>((resolve) => {
      this.waiting.push(resolve);
      this.pump();
    });
    const started = performance.now();
    try {
      return await fn();
    } finally {
      const now = performance.now();
      if (yieldFactor > 0 && this.membersActive) this.pausedUntil = Math.max(this.pausedUntil, now + (now - started) * yieldFactor);
      this.running--;
      this.pump();
    }
  }

  /** Lets waiting batches in, as many as the moment allows. */
  private pump(): void {
    const wait = this.pausedUntil - performance.now();
    if (wait > 0) {
      if (this.waiting.length && !this.timer) {
        this.timer = setTimeout(() => {
          this.timer = undefined;
          this.pump();
        }, wait);
        this.timer.unref();
      }
      return;
    }
    const limit = this.membersActive ? 1 : this.parallel;
    while (this.waiting.length && this.running < limit) {
      this.running++;
      this.waiting.shift()!();
    }
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    orderGate: OrderGate;
  }
}

/**
 * Calls that say nothing about members being served: the balancer's, Prometheus's, the store's, and
 * the back office's members CSV, which is itself gated background work (ADR 0045): counted as a
 * member call it would make its own pages wait for the first second.
 */
const NOT_MEMBERS = /^\/api\/(health|ready|metrics|integracao\/|admin\/membros\/exportacao\.csv)/i;

export const orderGatePlugin = fp(async (app, opts: { yieldFactor: number }) => {
  const gate = new OrderGate(opts.yieldFactor);
  app.decorate('orderGate', gate);
  app.addHook('onRequest', (request, _reply, done) => {
    if (!NOT_MEMBERS.test(request.url)) gate.memberCall();
    done();
  });
});
