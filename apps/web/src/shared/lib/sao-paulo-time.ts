// Launch dates (docs/decisions/0047-launches.md) are instants that people read and type in the
// brand's time zone, whatever the zone of the browser showing them: a launch that opens at 00:00 in
// São Paulo must read 00:00 on a laptop in Lisbon too. The offset comes from the browser's
// time-zone database (Intl), never a constant, as the API does (apps/api/src/features/lancamentos/time.ts).
// No zod here: the member home imports this (ADR 0016).

/** The brand's time zone (the contracts' LAUNCH_TIME_ZONE, repeated to keep zod out of the home). */
export const SAO_PAULO = 'America/Sao_Paulo';

const partsFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: SAO_PAULO,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
  timeZoneName: 'longOffset',
});

interface Wall {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
  second: string;
  /** "-03:00" */
  offset: string;
  offsetMinutes: number;
}

/** The wall clock in São Paulo at an instant. */
function wall(ms: number): Wall {
  const p = Object.fromEntries(partsFormat.formatToParts(new Date(ms)).map((x) => [x.type, x.value])) as Record<string, string>;
  // "GMT-03:00", or "GMT" at offset zero.
  const offset = p.timeZoneName === 'GMT' || !p.timeZoneName ? '+00:00' : p.timeZoneName.replace('GMT', '');
  const m = /^([+-])(\d{2}):(\d{2})$/.exec(offset);
  const offsetMinutes = m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
  return { year: p.year!, month: p.month!, day: p.day!, hour: p.hour!, minute: p.minute!, second: p.second!, offset, offsetMinutes };
}

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
