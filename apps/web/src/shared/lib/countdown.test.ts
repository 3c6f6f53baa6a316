import { describe, expect, it } from 'vitest';
import { formatMmSs, splitDuration } from './countdown';

describe('formatMmSs', () => {
  it('formats minutes and seconds with two digits', () => {
    expect(formatMmSs(60)).toBe('01:00');
    expect(formatMmSs(59)).toBe('00:59');
    expect(formatMmSs(75)).toBe('01:15');
    expect(formatMmSs(5)).toBe('00:05');
    expect(formatMmSs(0)).toBe('00:00');
  });

  it('clamps negatives and drops fractions', () => {
    expect(formatMmSs(-3)).toBe('00:00');
    expect(formatMmSs(9.9)).toBe('00:09');
  });
});

describe('splitDuration', () => {
  it('splits into days, hours, minutes and seconds', () => {
    const ms = ((2 * 24 + 3) * 3600 + 4 * 60 + 5) * 1000 + 999;
    expect(splitDuration(ms)).toEqual({ days: 2, hours: 3, minutes: 4, seconds: 5 });
  });

  it('keeps units under their base', () => {
    expect(splitDuration(86_399_000)).toEqual({ days: 0, hours: 23, minutes: 59, seconds: 59 });
    expect(splitDuration(86_400_000)).toEqual({ days: 1, hours: 0, minutes: 0, seconds: 0 });
  });

  it('gives zeros once the target has passed', () => {
    expect(splitDuration(-1)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
  });
});
