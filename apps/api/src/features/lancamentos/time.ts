import { saoPauloWall } from '@legiao/contracts/sao-paulo-wall';

// Launch dates are instants (timestamptz); people read them in the brand's time zone. The wire shows
// them as ISO 8601 with São Paulo's offset ("2026-12-01T00:00:00.000-03:00"): the same instant as the
// UTC form, read as the wall clock in São Paulo (the contracts' saoPauloWall, shared with the web).

const wall = (d: Date) => saoPauloWall(d.getTime());

// A launch has a handful of instants (window, public date) that every member's list and every store
// check writes out: each is formatted once per process (Intl's formatToParts is the costly part).
const isoMemo = new Map<number, string>();
const ISO_MEMO_MAX = 1000;

/** ISO 8601 in São Paulo time, milliseconds kept: 2026-12-01T00:00:00.000-03:00. */
export function saoPauloIso(d: Date): string {
  const ms = d.getTime();
  const known = isoMemo.get(ms);
  if (known !== undefined) return known;
  const w = wall(d);
  const iso = `${w.year}-${w.month}-${w.day}T${w.hour}:${w.minute}:${w.second}.${String(d.getUTCMilliseconds()).padStart(3, '0')}${w.offset}`;
  if (isoMemo.size >= ISO_MEMO_MAX) isoMemo.clear();
  isoMemo.set(ms, iso);
  return iso;
}

/** As people read it: 01/12/2026 00:00. */
export function saoPauloText(d: Date): string {
  const w = wall(d);
  return `${w.day}/${w.month}/${w.year} ${w.hour}:${w.minute}`;
}

/** The wall clock for iCalendar with TZID: 20261201T000000. */
export function saoPauloIcs(d: Date): string {
  const w = wall(d);
  return `${w.year}${w.month}${w.day}T${w.hour}${w.minute}${w.second}`;
}
