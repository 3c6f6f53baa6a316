import { LAUNCH_TIME_ZONE } from '@legiao/contracts/lancamentos';
import { saoPauloIcs, saoPauloIso } from './time.js';

// "Adicionar à agenda": one iCalendar event (RFC 5545) for a member's opening of a launch, in the
// brand's time zone (DTSTART;TZID=America/Sao_Paulo with its VTIMEZONE). Written here rather than
// with a library: a dozen lines, and the one rule that matters (escaping, CRLF, folding at 75
// octets) is tested. Brazil has had no daylight saving since 2019: the VTIMEZONE has one STANDARD
// part, its offset read from the time-zone database at the event's instant.

/** TEXT values (RFC 5545 3.3.11): backslash, semicolon, comma and newlines escaped. */
export function escapeText(s: string): string {
  return s.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r\n|\r|\n/g, '\\n');
}

/** Content lines longer than 75 octets are folded: CRLF and a space, never inside a UTF-8 character (3.1). */
export function fold(line: string): string {
  const out: string[] = [];
  let current = '';
  let size = 0;
  for (const ch of line) {
    const n = Buffer.byteLength(ch);
    if (size + n > (out.length ? 74 : 75)) {
      out.push(current);
      current = '';
      size = 0;
    }
    current += ch;
    size += n;
  }
  out.push(current);
  return out.join('\r\n ');
}

const utcStamp = (d: Date) => d.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');

export interface OpeningEvent {
  uid: string;
  start: Date;
  summary: string;
  description: string;
  url: string;
  now: Date;
}

export function openingIcs(e: OpeningEvent): string {
  const offset = saoPauloIso(e.start).slice(-6).replace(':', ''); // -0300
  const end = new Date(e.start.getTime() + 3600_000);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Legiao//Lancamentos//PT-BR',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VTIMEZONE',
    `TZID:${LAUNCH_TIME_ZONE}`,
    'BEGIN:STANDARD',
    'DTSTART:19700101T000000',
    `TZOFFSETFROM:${offset}`,
    `TZOFFSETTO:${offset}`,
    `TZNAME:${offset.slice(0, 3)}`,
    'END:STANDARD',
    'END:VTIMEZONE',
    'BEGIN:VEVENT',
    `UID:${e.uid}`,
    `DTSTAMP:${utcStamp(e.now)}`,
    `DTSTART;TZID=${LAUNCH_TIME_ZONE}:${saoPauloIcs(e.start)}`,
    `DTEND;TZID=${LAUNCH_TIME_ZONE}:${saoPauloIcs(end)}`,
    `SUMMARY:${escapeText(e.summary)}`,
    `DESCRIPTION:${escapeText(e.description)}`,
    `URL:${e.url}`,
    'BEGIN:VALARM',
    'ACTION:DISPLAY',
    'TRIGGER:-PT15M',
    `DESCRIPTION:${escapeText(e.summary)}`,
    'END:VALARM',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
