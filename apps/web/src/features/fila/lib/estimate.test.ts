import { describe, expect, it } from 'vitest';
import { formatWait, PaceTracker, ROUGH_MS_PER_PLACE } from './estimate';

describe('formatEspera', () => {
  it('speaks in rounded-up minutes, then hours', () => {
    expect(formatWait(20_000)).toBe('menos de 1 min');
    expect(formatWait(60_000)).toBe('cerca de 1 min');
    expect(formatWait(61_000)).toBe('cerca de 2 min');
    expect(formatWait(59 * 60_000)).toBe('cerca de 59 min');
    expect(formatWait(60 * 60_000)).toBe('cerca de 1 h');
    expect(formatWait(78 * 60_000)).toBe('cerca de 1 h 20 min');
  });
});

describe('PaceTracker', () => {
  it('uses the rough pace until the queue has moved for 10 s', () => {
    const pace = new PaceTracker();
    pace.add(10, 0);
    pace.add(9, 3_000);
    expect(pace.estimateMs(9, 3_000)).toBe(9 * ROUGH_MS_PER_PLACE);
  });

  it('measures the pace the queue moves at', () => {
    const pace = new PaceTracker();
    pace.add(100, 0);
    pace.add(95, 10_000);
    pace.add(90, 20_000);
    // 10 places in 20 s: 2 s a place.
    expect(pace.estimateMs(90, 20_000)).toBe(180_000);
  });

  it('when nothing moves, a place takes at least as long as the wait so far', () => {
    const pace = new PaceTracker();
    pace.add(1, 0);
    expect(pace.estimateMs(1, 90_000)).toBe(90_000);
  });

  it('starts over when the position goes up (a new place after a lost one)', () => {
    const pace = new PaceTracker();
    pace.add(50, 0);
    pace.add(40, 20_000);
    pace.add(60, 30_000);
    expect(pace.estimateMs(60, 30_000)).toBe(60 * ROUGH_MS_PER_PLACE);
  });
});
