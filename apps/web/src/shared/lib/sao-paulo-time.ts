// Launch dates (docs/decisions/0047-launches.md) are instants that people read and type in the
// brand's time zone, whatever the zone of the browser showing them: a launch that opens at 00:00 in
// São Paulo must read 00:00 on a laptop in Lisbon too. The offset comes from the browser's
// time-zone database (Intl), never a constant: the contracts' saoPauloWall, which the API uses too.

import { SAO_PAULO_ZONE, saoPauloWall as wall } from '@legiao/contracts/sao-paulo-wall';

/** The brand's time zone. */
export const SAO_PAULO = SAO_PAULO_ZONE;

const INPUT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** An ISO instant as a datetime-local value in São Paulo time ('AAAA-MM-DDTHH:mm'); '' for none. */
export function isoToSaoPauloInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return '';
  const w = wall(ms);
  return `${w.year}-${w.month}-${w.day}T${w.hour}:${w.minute}`;
}

/**
 * A datetime-local value read as São Paulo time -> ISO 8601 with São Paulo's offset at that moment
 * ('2026-12-01T00:00' -> '2026-12-01T00:00:00-03:00'). Anything else ('' or half typed) comes back
 * as it is, for the contract to name what is wrong.
 */
export function saoPauloInputToIso(value: string): string {
  const m = INPUT.exec(value);
  if (!m) return value;
  const [, y, mo, d, h, mi, s = '00'] = m;
  const naive = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  if (Number.isNaN(naive)) return value;
  // The offset at the naive instant and at the instant it gives differ only next to a change of
  // offset (a daylight-saving switch): of the candidates, the earliest that reads as the typed wall
  // clock; in a skipped hour (none does), the later one, as the clocks did.
  const first = naive - wall(naive).offsetMinutes * 60_000;
  const candidates = [first, naive - wall(first).offsetMinutes * 60_000].sort((a, b) => a - b);
  const typed = `${y}-${mo}-${d}T${h}:${mi}`;
  const instant = candidates.find((c) => isoToSaoPauloInput(new Date(c).toISOString()) === typed) ?? candidates[1]!;
  const w = wall(instant);
  return `${w.year}-${w.month}-${w.day}T${w.hour}:${w.minute}:${w.second}${w.offset}`;
}

/** As people read it, in São Paulo time: "01/12/2026 às 00:00". */
export function saoPauloText(iso: string): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return iso;
  const w = wall(ms);
  return `${w.day}/${w.month}/${w.year} às ${w.hour}:${w.minute}`;
}
