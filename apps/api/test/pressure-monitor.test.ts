import { afterEach, describe, expect, it } from 'vitest';
import { PressureMonitor } from '../src/lib/pressure-monitor.js';

/** Blocks this process's event loop, as a big synchronous task or a long GC pause would. */
function block(ms: number) {
  const end = performance.now() + ms;
  while (performance.now() < end);
}
/**
 * A block inside a timer of its own: Node's delay histogram misses a block that runs in the same
 * timers pass as its own tick (libuv's cached clock), so the stall must not share that pass.
 */
const stall = (ms: number) => new Promise<void>((resolve) => setTimeout(() => (block(ms), resolve()), 5));
const tick = () => new Promise((resolve) => setTimeout(resolve, 30));

// Issue 23 item 1: one stall must not turn everyone away. Readiness reacts to the first sample past
// a limit; refusing calls needs the pressure to last.
describe('PressureMonitor', () => {
  let monitor: PressureMonitor;
  afterEach(() => monitor.stop());

  it('reports a single stall as "not ready" for one sample, without shedding', async () => {
    monitor = new PressureMonitor({ maxEventLoopDelayMs: 100, maxEventLoopUtilization: 0, maxHeapUsedBytes: 0, sustainedSamples: 3 }, 0);
    monitor.start();
    await tick();
    expect(monitor.sample().over).toBeNull();
    await stall(800);
    await tick(); // the delay is recorded when the loop turns again
    const sample = monitor.sample();
    expect(sample.over?.kind).toBe('eventLoopDelay');
    expect(sample.eventLoopDelayMs).toBeGreaterThan(100);
    expect(monitor.underPressure).toBe(true);
    expect(monitor.shedding).toBe(false);
    await tick();
    monitor.sample();
    expect(monitor.underPressure).toBe(false);
    expect(monitor.consecutive).toBe(0);
  });

  it('sees one stall inside a second of quiet ticks (a mean over the ticks did not)', async () => {
    monitor = new PressureMonitor({ maxEventLoopDelayMs: 100, maxEventLoopUtilization: 0, maxHeapUsedBytes: 0, sustainedSamples: 3 }, 0);
    monitor.start();
    await new Promise((resolve) => setTimeout(resolve, 200)); // ~20 ticks on time
    await stall(800);
    await tick();
    const sample = monitor.sample();
    expect(sample.over?.kind).toBe('eventLoopDelay');
    expect(sample.eventLoopDelayMs).toBeGreaterThan(400);
    expect(monitor.shedding).toBe(false);
  });

  it('reads a steady lag as about that lag', async () => {
    monitor = new PressureMonitor({ maxEventLoopDelayMs: 100, maxEventLoopUtilization: 0, maxHeapUsedBytes: 0, sustainedSamples: 3 }, 0);
    monitor.start();
    for (let i = 0; i < 8; i++) await stall(150);
    await tick();
    // Ticks ~150 ms late, with a few on time between the stalls.
    expect(monitor.sample().eventLoopDelayMs).toBeGreaterThan(100);
  });

  it('sheds only after the configured number of samples in a row', async () => {
    monitor = new PressureMonitor({ maxEventLoopDelayMs: 100, maxEventLoopUtilization: 0, maxHeapUsedBytes: 0, sustainedSamples: 3 }, 0);
    monitor.start();
    for (let i = 1; i <= 3; i++) {
      await stall(600);
      await tick();
      monitor.sample();
      expect(monitor.consecutive).toBe(i);
      expect(monitor.shedding).toBe(i >= 3);
    }
    await tick();
    monitor.sample();
    expect(monitor.shedding).toBe(false);
  });

  it('ignores what happened before start(): the boot is not load', async () => {
    monitor = new PressureMonitor({ maxEventLoopDelayMs: 100, maxEventLoopUtilization: 0, maxHeapUsedBytes: 0, sustainedSamples: 1 }, 0);
    block(600); // compiling routes, loading modules
    monitor.start();
    await tick();
    expect(monitor.sample().over).toBeNull();
    expect(monitor.shedding).toBe(false);
  });

  it('counts heap past its limit as pressure', () => {
    monitor = new PressureMonitor({ maxEventLoopDelayMs: 0, maxEventLoopUtilization: 0, maxHeapUsedBytes: 1024, sustainedSamples: 2 }, 0);
    monitor.start();
    expect(monitor.sample().over?.kind).toBe('heapUsed');
    expect(monitor.shedding).toBe(false);
    monitor.sample();
    expect(monitor.shedding).toBe(true);
  });
});
