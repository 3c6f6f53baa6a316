import { describe, expect, it } from 'vitest';
import { OrderGate } from '../src/features/integracao/order-gate.js';

// The store's batches take turns and yield to the members (docs/decisions/0041-store-integration.md).
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** A batch of `ms`: records when it ran. */
const batch = (log: { start: number; end: number }[], ms: number) => async () => {
  const start = performance.now();
  await sleep(ms);
  log.push({ start, end: performance.now() });
  return log.length;
};

describe('OrderGate', () => {
  it('without members: up to `parallel` batches at once, the rest in arrival order, no pause', async () => {
    const gate = new OrderGate(2, 2);
    const log: { start: number; end: number }[] = [];
    const answers = await Promise.all([gate.run(batch(log, 60)), gate.run(batch(log, 60)), gate.run(batch(log, 60))]);
    expect(answers.sort()).toEqual([1, 2, 3]);
    const starts = log.map((l) => l.start).sort((a, b) => a - b);
    // Two together, the third when one of them ended, at once.
    expect(starts[1]! - starts[0]!).toBeLessThan(30);
    expect(starts[2]! - starts[0]!).toBeGreaterThanOrEqual(50);
    expect(starts[2]! - starts[0]!).toBeLessThan(100);
  });

  it('with members: one batch at a time', async () => {
    const gate = new OrderGate(0, 4);
    const log: { start: number; end: number }[] = [];
    gate.memberCall();
    await Promise.all([gate.run(batch(log, 40)), gate.run(batch(log, 40))]);
    expect(log[1]!.start).toBeGreaterThanOrEqual(log[0]!.end - 1);
  });

  it('while members are served, the next batch waits yieldFactor times the last one; its answer does not', async () => {
    const gate = new OrderGate(2);
    const log: { start: number; end: number }[] = [];
    gate.memberCall();
    const first = gate.run(batch(log, 60));
    const second = gate.run(batch(log, 10));
    const answeredAt = await first.then(() => performance.now());
    expect(answeredAt - log[0]!.end).toBeLessThan(30);
    await second;
    // ~120 ms after the first batch ended (2 x 60 ms), not at once.
    expect(log[1]!.start - log[0]!.end).toBeGreaterThanOrEqual(100);
  });

  it("a kind of work may give the members more than the default: the CRM's sync pages wait their own factor", async () => {
    const gate = new OrderGate(2);
    const log: { start: number; end: number }[] = [];
    gate.memberCall();
    await gate.run(batch(log, 30), 8);
    await gate.run(batch(log, 5), 8);
    // ~240 ms (8 x 30 ms), well past the default's 60 ms.
    expect(log[1]!.start - log[0]!.end).toBeGreaterThanOrEqual(200);
  });

  it('a failing batch answers its error and frees the gate', async () => {
    const gate = new OrderGate(0);
    await expect(gate.run(async () => Promise.reject(new Error('banco fora')))).rejects.toThrow('banco fora');
    expect(await gate.run(async () => 'depois')).toBe('depois');
  });

  it('counts members only for a second', async () => {
    const gate = new OrderGate(1, 4, 50);
    gate.memberCall();
    expect(gate.membersActive).toBe(true);
    await sleep(80);
    expect(gate.membersActive).toBe(false);
  });
});
