// The brand's wall clock (docs/decisions/0047-launches.md): an instant read in São Paulo time, with
// the offset at that instant from the time-zone database (Intl), never a constant, should Brazil
// bring daylight saving back. One definition for the API (ISO out, .ics) and the web (date inputs,
// texts). No zod here: the member home imports it (ADR 0016).

export const SAO_PAULO_ZONE = 'America/Sao_Paulo';

const parts = new Intl.DateTimeFormat('en-CA', {
  timeZone: SAO_PAULO_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
  timeZoneName: 'longOffset',
});

export interface SaoPauloWall {
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

/** The wall clock in São Paulo at an instant (epoch milliseconds). */
export function saoPauloWall(ms: number): SaoPauloWall {
  const p = Object.fromEntries(parts.formatToParts(new Date(ms)).map((x) => [x.type, x.value])) as Record<string, string>;
  // "GMT-03:00", or "GMT" at offset zero.
  const offset = p.timeZoneName === 'GMT' || !p.timeZoneName ? '+00:00' : p.timeZoneName.replace('GMT', '');
  const m = /^([+-])(\d{2}):(\d{2})$/.exec(offset);
  const offsetMinutes = m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
  return { year: p.year!, month: p.month!, day: p.day!, hour: p.hour!, minute: p.minute!, second: p.second!, offset, offsetMinutes };
}
