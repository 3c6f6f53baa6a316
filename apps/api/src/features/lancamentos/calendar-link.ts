import { createHmac } from 'node:crypto';
import { purposeKey, sameBytes } from '../../lib/secrets.js';

// The launch alert's "Adicionar à agenda" link (docs/decisions/0049-launch-alert-waves.md): a click
// from a mail client carries no session, so the link carries a token that names the member and is
// signed for one launch until a date: GET /api/lancamentos/{slug}/agenda.ics?t=<token>.
//
// The token is base64url (43 characters, no padding) of 32 bytes:
//   member id (16 bytes) · expiry, Unix seconds (4 bytes, big-endian) · HMAC-SHA256 cut to 12 bytes
// The HMAC covers the launch id, the member id and the expiry, under a key derived from JWT_SECRET
// for this purpose only (as the VERP address's and the unsubscribe link's, with their own labels: no
// token passes for another's). The launch id is not in the token: the route takes it from the slug
// and the signature only matches the launch it was made for.

const PURPOSE = 'legiao-agenda-lancamento-v1';
const MEMBER_BYTES = 16;
const EXPIRY_BYTES = 4;
const SIGNATURE_BYTES = 12;
const TOKEN_BYTES = MEMBER_BYTES + EXPIRY_BYTES + SIGNATURE_BYTES;
/** Characters of a token. */
export const CALENDAR_TOKEN_LENGTH = Math.ceil((TOKEN_BYTES * 4) / 3);
const TOKEN_TEXT = new RegExp(`^[A-Za-z0-9_-]{${CALENDAR_TOKEN_LENGTH}}$`);

const uuidBytes = (id: string) => Buffer.from(id.replace(/-/g, ''), 'hex');
const uuidText = (b: Buffer) => {
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
};
const sign = (secret: string, launchId: string, memberId: string, expiresAt: number) =>
  createHmac('sha256', purposeKey(secret, PURPOSE)).update(`agenda:${launchId.toLowerCase()}:${memberId.toLowerCase()}:${expiresAt}`).digest().subarray(0, SIGNATURE_BYTES);

/**
 * Until when a launch's calendar link opens: the later of the early access's end and the public date
 * (the .ics describes one or the other, by the member's eligibility; a launch's public date is never
 * before the window's end, so in practice the public date).
 */
export const calendarLinkExpiry = (launch: { acesso_fim: Date; data_publica: Date }) => new Date(Math.max(launch.acesso_fim.getTime(), launch.data_publica.getTime()));

/** The token of one member's calendar link for one launch (ids: uuids), valid until `expiresAt` (to the second, rounded up). */
export function calendarToken(secret: string, launchId: string, memberId: string, expiresAt: Date): string {
  const seconds = Math.ceil(expiresAt.getTime() / 1000);
  const expiry = Buffer.alloc(EXPIRY_BYTES);
  expiry.writeUInt32BE(seconds);
  return Buffer.concat([uuidBytes(memberId), expiry, sign(secret, launchId, memberId, seconds)]).toString('base64url');
}

/** The full link: `<publicUrl>/api/lancamentos/<slug>/agenda.ics?t=<token>`. */
export const calendarUrl = (publicUrl: string, slug: string, token: string) => `${publicUrl}/api/lancamentos/${encodeURIComponent(slug)}/agenda.ics?t=${token}`;

/**
 * The member a token names, when it was signed by this portal for `launchId` and has not expired at
 * `now`; otherwise null (malformed, another launch's, tampered or expired alike).
 */
export function verifyCalendarToken(secret: string, token: string, launchId: string, now: Date = new Date()): string | null {
  if (!TOKEN_TEXT.test(token)) return null;
  const bytes = Buffer.from(token, 'base64url');
  if (bytes.length !== TOKEN_BYTES || bytes.toString('base64url') !== token) return null;
  const memberId = uuidText(bytes.subarray(0, MEMBER_BYTES));
  const seconds = bytes.readUInt32BE(MEMBER_BYTES);
  const signature = bytes.subarray(MEMBER_BYTES + EXPIRY_BYTES);
  if (!sameBytes(signature, sign(secret, launchId, memberId, seconds))) return null;
  return seconds * 1000 > now.getTime() ? memberId : null;
}
