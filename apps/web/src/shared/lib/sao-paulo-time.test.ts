import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isoToSaoPauloInput, saoPauloInputToIso, saoPauloText } from './sao-paulo-time';

// The browser's own zone must not matter: the suite runs in Tokyo (Node reads TZ at each change).
const zone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'Asia/Tokyo';
});
afterAll(() => {
  process.env.TZ = zone;
});

describe('São Paulo date inputs', () => {
  it('a midnight in São Paulo is 03:00 UTC, sent with its offset', () => {
    expect(new Date(2026, 0, 1).getTimezoneOffset()).toBe(-540); // really in Tokyo
    const iso = saoPauloInputToIso('2026-12-01T00:00');
    expect(iso).toBe('2026-12-01T00:00:00-03:00');
    expect(new Date(iso).toISOString()).toBe('2026-12-01T03:00:00.000Z');
  });

  it('reads an instant back as the São Paulo wall clock, whatever offset it came with', () => {
    expect(isoToSaoPauloInput('2026-12-01T03:00:00.000Z')).toBe('2026-12-01T00:00');
    expect(isoToSaoPauloInput('2026-12-01T00:00:00.000-03:00')).toBe('2026-12-01T00:00');
    expect(isoToSaoPauloInput('2026-12-01T12:30:00+09:00')).toBe('2026-12-01T00:30');
    expect(isoToSaoPauloInput(null)).toBe('');
    expect(isoToSaoPauloInput('nada')).toBe('');
  });

  it('round-trips any minute of a day', () => {
    for (let minute = 0; minute < 24 * 60; minute += 37) {
      const hh = String(Math.floor(minute / 60)).padStart(2, '0');
      const mm = String(minute % 60).padStart(2, '0');
      const input = `2027-03-15T${hh}:${mm}`;
      expect(isoToSaoPauloInput(saoPauloInputToIso(input))).toBe(input);
    }
  });

  it('takes the offset from the time-zone database: daylight saving of 2018 was -02:00', () => {
    expect(saoPauloInputToIso('2018-01-15T12:00')).toBe('2018-01-15T12:00:00-02:00');
    // 2018-11-04 00:00 did not exist (clocks jumped to 01:00): the instant lands on the far side.
    expect(saoPauloInputToIso('2018-11-04T00:30')).toBe('2018-11-04T01:30:00-02:00');
  });

  it('leaves what is not a date-time for the contract to name', () => {
    expect(saoPauloInputToIso('')).toBe('');
    expect(saoPauloInputToIso('2026-12-01')).toBe('2026-12-01');
  });

  it('writes the date as people read it', () => {
    expect(saoPauloText('2026-12-01T03:00:00.000Z')).toBe('01/12/2026 às 00:00');
  });
});
