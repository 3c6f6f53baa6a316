import { describe, expect, it } from 'vitest';
import { MIN_SPREAD_MS, nextClaim, wavePace, type Pace } from '../src/features/lancamentos/alert-pacing.js';

// Pacing within a wave (docs/decisions/0049-launch-alert-waves.md): each job spreads its share of the
// wave over 0.8 of the interval, faster when the bound is nearer, flat out when there is no time to
// spread over; never ahead of its schedule, done by the spread's end.

const MIN = 60_000;

/** One job alone with `rows` to claim, on a fake clock: every claim and when (sending takes no time). */
function run(pace: Pace, rows: number, { startMs = 0, batch = 20 } = {}) {
  const claims: { at: number; take: number }[] = [];
  let now = startMs;
  let taken = 0;
  for (let guard = 0; taken < rows; guard++) {
    if (guard > 100_000) throw new Error('never finishes');
    const next = nextClaim(pace, now, taken, batch);
    if (next.take === 0) {
      if (!(next.waitMs > 0)) throw new Error(`a wait of ${next.waitMs} ms`);
      now += next.waitMs;
      continue;
    }
    if (next.take > batch) throw new Error(`a claim of ${next.take} over a batch of ${batch}`);
    const take = Math.min(next.take, rows - taken);
    claims.push({ at: now, take });
    taken += take;
  }
  return claims;
}

/** Never ahead of the schedule: by any instant, at most ⌊perJob·t/spread⌋ + 1 taken (before the spread's end). */
function expectOnSchedule(pace: Pace, claims: { at: number; take: number }[]) {
  let taken = 0;
  const ahead = [];
  for (const c of claims) {
    taken += c.take;
    if (c.at < pace.spreadMs && taken > Math.floor((pace.perJob / pace.spreadMs) * c.at) + 1) ahead.push({ ...c, taken });
  }
  expect(ahead).toEqual([]);
}

describe('wavePace', () => {
  it('100,000 members in 30 minutes: the floor\'s 1,667 a wave over 24 of its 30 s, four jobs at 17.4/s each (69/s, above the 56/s the bound needs)', () => {
    const pace = wavePace({ size: 1667, copies: 4, intervalMs: 30_000, msToBound: 30 * MIN });
    expect(pace.spreadMs).toBe(24_000);
    expect(pace.perJob).toBeCloseTo(416.75);
    expect((4 * pace.perJob) / (pace.spreadMs / 1000)).toBeGreaterThan(56);
  });

  it('the bound nearer than an interval: spread over 0.8 of what is left; past it, or too little to spread over: flat out', () => {
    expect(wavePace({ size: 100, copies: 2, intervalMs: 30_000, msToBound: 10_000 })).toEqual({ perJob: 50, spreadMs: 8000 });
    expect(wavePace({ size: 100, copies: 2, intervalMs: 30_000, msToBound: -5000 }).spreadMs).toBe(0);
    expect(wavePace({ size: 100, copies: 2, intervalMs: 30_000, msToBound: MIN_SPREAD_MS }).spreadMs).toBe(0); // 0.8 s
    expect(wavePace({ size: 100, copies: 2, intervalMs: 400, msToBound: 30 * MIN }).spreadMs).toBe(0); // the tests' interval
    expect(wavePace({ size: 0, copies: 2, intervalMs: 30_000, msToBound: 30 * MIN }).spreadMs).toBe(0);
  });
});

describe('nextClaim', () => {
  it('a job with 417 to send over 24 s: about a second\'s worth per claim, on schedule, done by the end of the spread', () => {
    const pace = wavePace({ size: 1667, copies: 4, intervalMs: 30_000, msToBound: 30 * MIN });
    const claims = run(pace, 417);
    expect(claims[0]!.take).toBe(17);
    expect(claims[0]!.at).toBeGreaterThan(900);
    expect(claims[0]!.at).toBeLessThan(1000);
    expectOnSchedule(pace, claims);
    expect(claims.at(-1)!.at).toBeLessThanOrEqual(pace.spreadMs);
    expect(claims.at(-1)!.at).toBeGreaterThan(0.9 * pace.spreadMs);
    // ~17 a claim (what accrues in a second), not a claim per alert.
    expect(claims.length).toBeLessThan(30);
    for (const c of claims.slice(1, -1)) expect(c.take).toBeGreaterThanOrEqual(17);
    // Smooth: no 5-second stretch of the spread (a fifth of it) carries more than 30% of the job.
    for (let t = 0; t + 5000 <= pace.spreadMs; t += 500) {
      const inside = claims.filter((c) => c.at >= t && c.at < t + 5000).reduce((s, c) => s + c.take, 0);
      expect(inside).toBeLessThanOrEqual(0.3 * 417);
    }
  });

  it('flat out: batches at once, whatever the clock', () => {
    const claims = run({ perJob: 1000, spreadMs: 0 }, 100);
    expect(claims).toEqual(Array.from({ length: 5 }, () => ({ at: 0, take: 20 })));
  });

  it('a job that started late catches up to its schedule (never beyond it); past the spread it goes flat out', () => {
    const pace: Pace = { perJob: 100, spreadMs: 10_000 };
    const late = run(pace, 100, { startMs: 4000 });
    expect(late[0]).toEqual({ at: 4000, take: 20 });
    expect(late[1]).toEqual({ at: 4000, take: 20 });
    expectOnSchedule(pace, late);
    expect(late.at(-1)!.at).toBeLessThanOrEqual(10_000);
    // A job left with the share of a job that never ran: its own schedule, then everything at the spread's end.
    const alone = run(pace, 200);
    expectOnSchedule(pace, alone);
    expect(alone.filter((c) => c.at === 10_000).reduce((s, c) => s + c.take, 0)).toBeGreaterThanOrEqual(99);
    expect(run(pace, 10, { startMs: 12_000 })).toEqual([{ at: 12_000, take: 10 }]);
  });

  it('a slow pace: one row a claim, never a claimed row left waiting for its turn', () => {
    const pace = wavePace({ size: 4, copies: 2, intervalMs: 30_000, msToBound: 30 * MIN });
    const claims = run(pace, 2);
    expect(claims).toEqual([
      { at: 0, take: 1 },
      { at: 12_000, take: 1 },
    ]);
  });

  it('over 2,000 random waves: on schedule, claims within the batch, every job done by the spread\'s end', () => {
    let s = 32;
    const rnd = () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
    for (let n = 0; n < 2000; n++) {
      const size = 1 + Math.floor(rnd() * 5000);
      const copies = 1 + Math.floor(rnd() * 8);
      const pace = wavePace({ size, copies, intervalMs: (1 + Math.floor(rnd() * 120)) * 1000, msToBound: (rnd() * 40 - 5) * MIN });
      const batch = 1 + Math.floor(rnd() * 30);
      const share = Math.ceil(size / copies);
      const claims = run(pace, share, { startMs: rnd() < 0.2 ? rnd() * 20_000 : 0, batch });
      if (pace.spreadMs > 0) expectOnSchedule(pace, claims);
      expect(claims.at(-1)!.at).toBeLessThanOrEqual(Math.max(pace.spreadMs + 1, claims[0]!.at)); // +1: waits are whole milliseconds
    }
  });
});
