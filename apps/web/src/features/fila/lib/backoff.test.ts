import { describe, expect, it } from 'vitest';
import { reconnectDelay } from './backoff';

describe('reconnectDelay', () => {
  it('starts at 0.5 s and doubles up to 15 s (jitter at its middle)', () => {
    const mid = () => 0.5;
    expect([0, 1, 2, 3, 4, 5, 6, 10].map((n) => reconnectDelay(n, mid))).toEqual([500, 1000, 2000, 4000, 8000, 15000, 15000, 15000]);
  });

  it('spreads each delay by ±20 % and never goes past 15 s', () => {
    expect(reconnectDelay(1, () => 0)).toBe(800);
    expect(reconnectDelay(1, () => 0.999999)).toBe(1200);
    expect(reconnectDelay(8, () => 0)).toBe(12000);
    expect(reconnectDelay(8, () => 0.999999)).toBe(15000);
  });
});
