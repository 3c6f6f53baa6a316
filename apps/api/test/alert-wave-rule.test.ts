import { describe, expect, it } from 'vitest';
import { effectiveRate, waveSize, type WaveInput } from '../src/features/lancamentos/alert-wave-rule.js';

// The waves' control rule as a pure function (docs/decisions/0049-launch-alert-waves.md): never
// larger than the rule allows, everyone within the bound, and the pace following the room.

const MIN = 60_000;
const base: WaveInput = { remaining: 10_000, elapsedMs: 0, boundMs: 30 * MIN, intervalMs: 30_000, queueLength: 0, admittedLastMinute: 0, ratePerMinute: 600, paused: false, targetWaitMs: 2 * MIN };

/** A seeded generator: the same cases every run. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}

describe('waveSize', () => {
  it('an empty room: one interval of the operators\' rate plus the target line; the floor when larger', () => {
    // r = 600/min: 300 in 30 s, target line 1,200 (2 min): 1,500. Floor: 10,000 / 60 waves = 167.
    expect(waveSize(base)).toMatchObject({ size: 1500, paced: 1500, floor: 167, rate: 600, targetQueue: 1200, wavesLeft: 60 });
    // 100,000 asked: the floor (1,667) wins over the pace.
    expect(waveSize({ ...base, remaining: 100_000 })).toMatchObject({ size: 1667, floor: 1667 });
  });

  it('a line already at or over its target: only what is admitted until the next wave (the measured rate), or the floor', () => {
    const d = waveSize({ ...base, remaining: 2000, queueLength: 5000, admittedLastMinute: 400 });
    expect(d).toMatchObject({ rate: 400, paced: 200, floor: 34 });
    expect(d.size).toBe(200);
  });

  it('alerts of earlier waves not sent yet take their share of the room first; the floor still holds', () => {
    // The room takes 1,500 until the next wave; 1,200 still unsent from before: 300 more.
    expect(waveSize({ ...base, pending: 1200 })).toMatchObject({ paced: 300, size: 300 });
    // More unsent than the room takes: nothing paced; the floor alone (the bound is a promise).
    expect(waveSize({ ...base, pending: 15_000 })).toMatchObject({ paced: 0, size: 167 });
    expect(waveSize({ ...base, pending: 0 }).size).toBe(1500);
  });

  it('members alerted and still on their way take their share of the room like unsent alerts', () => {
    // 1,500 the room takes; 1,000.4 expected on the way (rounded up) and 200 unsent: 299.
    expect(waveSize({ ...base, inTransit: 1000.4, pending: 200 })).toMatchObject({ paced: 299, size: 299 });
    // More on the way than the room takes: the floor alone.
    expect(waveSize({ ...base, inTransit: 40_000 })).toMatchObject({ paced: 0, size: 167 });
  });

  it('paused room: the pace is 0, the floor still alerts everyone in time', () => {
    const d = waveSize({ ...base, paused: true, queueLength: 100 });
    expect(d.paced).toBe(0);
    expect(d.size).toBe(d.floor);
  });

  it('at or past the bound: everything left goes', () => {
    expect(waveSize({ ...base, elapsedMs: 29.6 * MIN, paused: true }).size).toBe(10_000);
    expect(waveSize({ ...base, elapsedMs: 45 * MIN, paused: true }).size).toBe(10_000);
  });

  it('the rate: measured with a line, the operators\' without, 0 paused', () => {
    expect(effectiveRate({ queueLength: 3, admittedLastMinute: 50, ratePerMinute: 600, paused: false })).toBe(50);
    expect(effectiveRate({ queueLength: 0, admittedLastMinute: 50, ratePerMinute: 600, paused: false })).toBe(600);
    expect(effectiveRate({ queueLength: 3, admittedLastMinute: 50, ratePerMinute: 600, paused: true })).toBe(0);
  });

  it('over 5,000 random situations: never larger than max(pace, floor) nor what is left, never negative', () => {
    const rnd = random(49);
    for (let n = 0; n < 5000; n++) {
      const i: WaveInput = {
        remaining: Math.floor(rnd() * 200_000),
        elapsedMs: rnd() * 40 * MIN,
        boundMs: (1 + Math.floor(rnd() * 120)) * MIN,
        intervalMs: (5 + Math.floor(rnd() * 115)) * 1000,
        queueLength: Math.floor(rnd() * 50_000),
        admittedLastMinute: Math.floor(rnd() * 5000),
        ratePerMinute: Math.floor(rnd() * 5000),
        paused: rnd() < 0.1,
        targetWaitMs: rnd() * 10 * MIN,
        arrivalShare: rnd() < 0.5 ? undefined : rnd(),
        pending: rnd() < 0.5 ? undefined : Math.floor(rnd() * 20_000),
        inTransit: rnd() < 0.5 ? undefined : rnd() * 20_000,
      };
      const d = waveSize(i);
      const r = effectiveRate(i);
      const share = Math.min(1, Math.max(0.05, i.arrivalShare ?? 1));
      const pacedBound = Math.max(0, Math.floor(((r / MIN) * i.intervalMs + Math.max(0, Math.floor((r / MIN) * i.targetWaitMs) - i.queueLength)) / share) - (i.pending ?? 0) - Math.ceil(i.inTransit ?? 0));
      const wavesLeft = Math.max(1, Math.floor((i.boundMs - i.elapsedMs) / i.intervalMs));
      expect(d.size).toBeGreaterThanOrEqual(0);
      expect(d.size).toBeLessThanOrEqual(i.remaining);
      expect(d.size).toBeLessThanOrEqual(Math.max(pacedBound, Math.ceil(i.remaining / wavesLeft)));
      // And never below the floor when something is left.
      expect(d.size).toBeGreaterThanOrEqual(Math.min(i.remaining, Math.ceil(i.remaining / wavesLeft)));
    }
  });

  it('a schedule of waves every interval alerts everyone by bound − interval, whatever the room does', () => {
    const rnd = random(7);
    for (let run = 0; run < 200; run++) {
      const boundMs = (5 + Math.floor(rnd() * 60)) * MIN;
      const intervalMs = (10 + Math.floor(rnd() * 50)) * 1000;
      let remaining = Math.floor(rnd() * 150_000) + 1;
      let t = 0;
      let last = 0;
      while (remaining > 0) {
        const d = waveSize({ remaining, elapsedMs: t, boundMs, intervalMs, queueLength: Math.floor(rnd() * 100_000), admittedLastMinute: Math.floor(rnd() * 10), ratePerMinute: Math.floor(rnd() * 10), paused: rnd() < 0.5, targetWaitMs: MIN });
        expect(d.size).toBeGreaterThan(0);
        remaining -= d.size;
        last = t;
        t += intervalMs;
      }
      expect(last).toBeLessThanOrEqual(Math.max(0, boundMs - intervalMs));
    }
  });

  it('senders faster than the room, members coming minutes later: the line stays near its target only when the members on their way count', () => {
    // 100,000 asked, a 30-minute bound, a wave every 30 s; the room admits 100/s (6,000/min) and aims for a
    // 2-minute line (12,000); the senders send 200/s; each member comes after an exponential delay of mean
    // 60 s (at most 10 min), as bench/alertas.mjs simulates them. The planner's τ is its default, 120 s.
    const simulate = (countInTransit: boolean) => {
      const rnd = random(32);
      const second = 1000;
      const bound = 30 * 60;
      const arrivals = new Float64Array(bound + 700);
      const admittedAt: number[] = [];
      let remaining = 100_000;
      let unsent = 0;
      let line = 0;
      let maxLine = 0;
      let inTransit = 0;
      let lastWave = 0;
      for (let t = 0; t < bound + 700; t++) {
        if (t % 30 === 0 && remaining > 0) {
          const lastMinute = admittedAt.slice(-60).reduce((a, b) => a + b, 0);
          const d = waveSize({ remaining, pending: unsent, inTransit: countInTransit ? inTransit : 0, elapsedMs: t * second, boundMs: bound * second, intervalMs: 30 * second, queueLength: line, admittedLastMinute: lastMinute, ratePerMinute: 6000, paused: false, targetWaitMs: 120 * second });
          remaining -= d.size;
          unsent += d.size;
          lastWave = t;
        }
        const sent = Math.min(200, unsent);
        unsent -= sent;
        for (let k = 0; k < sent; k++) arrivals[t + Math.min(600, Math.ceil(-60 * Math.log(1 - rnd())))]! += 1;
        inTransit = inTransit * Math.exp(-1 / 120) + sent;
        line += arrivals[t]!;
        const admitted = Math.min(line, 100);
        line -= admitted;
        admittedAt.push(admitted);
        maxLine = Math.max(maxLine, line);
      }
      return { maxLine, lastWave, remaining };
    };
    const counted = simulate(true);
    const blind = simulate(false);
    expect(counted.remaining).toBe(0);
    expect(counted.lastWave).toBeLessThanOrEqual(30 * 60 - 30);
    // The target line is 12,000: counting the members on their way keeps within a quarter of it ...
    expect(counted.maxLine).toBeLessThan(12_000 * 1.25);
    // ... and without them the line runs far past it (the 100,000-member run before this term: 20,889).
    expect(blind.maxLine).toBeGreaterThan(12_000 * 1.5);
  });
});
