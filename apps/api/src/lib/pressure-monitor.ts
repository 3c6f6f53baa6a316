import { performance, type EventLoopUtilization } from 'node:perf_hooks';

/** What each sample measures; the names are the ones logged and exported as metrics. */
export type PressureKind = 'eventLoopDelay' | 'eventLoopUtilization' | 'heapUsed';

export interface PressureLimits {
  /** Event-loop delay over a sample (ms; each tick's lateness weighted by its length) past which the sample counts as pressure; 0: off. */
  maxEventLoopDelayMs: number;
  /** Event-loop utilisation over a sample (0-1); 0: off. */
  maxEventLoopUtilization: number;
  /** V8 heap in use (bytes); 0: off. */
  maxHeapUsedBytes: number;
  /** Consecutive samples under pressure before requests are refused (load shedding). */
  sustainedSamples: number;
}

export interface PressureSample {
  eventLoopDelayMs: number;
  eventLoopUtilization: number;
  heapUsedBytes: number;
  /** The first reading past its limit, or null. */
  over: { kind: PressureKind; value: number } | null;
}

const SAMPLE_INTERVAL_MS = 1000;
const RESOLUTION_MS = 10;
const IDLE: PressureSample = { eventLoopDelayMs: 0, eventLoopUtilization: 0, heapUsedBytes: 0, over: null };

/**
 * Samples this process's event loop and heap once a second (docs/decisions/0035-readiness-and-load-shedding.md).
 *
 * Two answers, on purpose different:
 * - `underPressure`: the last sample was past a limit. Readiness (`GET /api/ready`) says "not ready"
 *   from the first such sample, so a balancer moves traffic to other processes at once.
 * - `shedding`: the last `sustainedSamples` samples in a row were past a limit. Only then does the
 *   process refuse calls with 503. One slow tick (a GC pause, a big synchronous task) is one bad
 *   sample followed by good ones: it must never turn a whole second of members away.
 *
 * Sampling starts at `start()` (the app's onReady), never before: what a process does while it boots
 * (compiling ~200 routes' serializers took 1.1-1.6 s of one uninterrupted task) is not load, and
 * reporting it in the first sample after the port opens refused the first second of calls.
 *
 * The delay is measured by a 10 ms timer of our own that reads the monotonic clock, not by
 * `perf_hooks.monitorEventLoopDelay`: that histogram misses a block that runs in the same libuv pass
 * as its own tick (an 800 ms block in a setImmediate or in some timers was recorded as 10 ms; seen
 * in test/pressure-monitor.test.ts), so it could not be trusted either way.
 */
export class PressureMonitor {
  private ticker: NodeJS.Timeout | undefined;
  private lastTick = 0;
  /** Time covered by the ticks since the last sample, and the sum of each tick's lateness squared. */
  private gapSum = 0;
  private lateSquares = 0;
  private gapCount = 0;
  private lastUtilization: EventLoopUtilization | undefined;
  private timer: NodeJS.Timeout | undefined;
  private streak = 0;
  latest: PressureSample = IDLE;

  constructor(
    private readonly limits: PressureLimits,
    /** 0: no timer, `sample()` is called by hand (tests). */
    private readonly intervalMs = SAMPLE_INTERVAL_MS,
  ) {}

  get underPressure(): boolean {
    return this.latest.over !== null;
  }

  get shedding(): boolean {
    return this.streak >= this.limits.sustainedSamples;
  }

  /** Consecutive samples under pressure so far. */
  get consecutive(): number {
    return this.streak;
  }

  start(): void {
    if (this.ticker) return;
    this.lastTick = performance.now();
    this.gapSum = this.lateSquares = this.gapCount = 0;
    this.ticker = setInterval(() => {
      const now = performance.now();
      const gap = now - this.lastTick;
      this.gapSum += gap;
      this.lateSquares += Math.max(0, gap - RESOLUTION_MS) ** 2;
      this.gapCount++;
      this.lastTick = now;
    }, RESOLUTION_MS);
    this.ticker.unref();
    this.lastUtilization = performance.eventLoopUtilization();
    if (this.intervalMs > 0) {
      this.timer = setInterval(() => this.sample(), this.intervalMs);
      this.timer.unref();
    }
  }

  stop(): void {
    clearInterval(this.timer);
    clearInterval(this.ticker);
    this.timer = this.ticker = undefined;
  }

  /** One sample: public so tests can drive it without waiting for the timer. */
  sample(): PressureSample {
    // A block still in progress when this runs (the two timers fell due together) is counted by
    // the next sample: reported a second late, never lost.
    // Each tick's lateness weighted by the time it covered: a steady lag of d ms per tick reads about
    // d (as a plain mean would), and one 800 ms block in a quiet second reads about 620 ms, where a
    // plain mean over the ~20 ticks of that second read 37 ms and let the stall pass unseen.
    const delay = this.gapSum > 0 ? this.lateSquares / this.gapSum : 0;
    this.gapSum = this.lateSquares = this.gapCount = 0;
    const now = performance.eventLoopUtilization();
    const utilization = this.lastUtilization ? performance.eventLoopUtilization(now, this.lastUtilization).utilization : 0;
    this.lastUtilization = now;
    const heapUsed = process.memoryUsage().heapUsed;
    const { maxEventLoopDelayMs, maxEventLoopUtilization, maxHeapUsedBytes } = this.limits;
    const over =
      maxEventLoopDelayMs > 0 && delay > maxEventLoopDelayMs
        ? { kind: 'eventLoopDelay' as const, value: delay }
        : maxEventLoopUtilization > 0 && utilization > maxEventLoopUtilization
          ? { kind: 'eventLoopUtilization' as const, value: utilization }
          : maxHeapUsedBytes > 0 && heapUsed > maxHeapUsedBytes
            ? { kind: 'heapUsed' as const, value: heapUsed }
            : null;
    this.streak = over ? this.streak + 1 : 0;
    this.latest = { eventLoopDelayMs: delay, eventLoopUtilization: utilization, heapUsedBytes: heapUsed, over };
    return this.latest;
  }
}
