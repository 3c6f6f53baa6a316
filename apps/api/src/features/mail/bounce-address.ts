import { createHmac } from 'node:crypto';
import { purposeKey, sameBytes } from '../../lib/secrets.js';

// VERP for the launch alerts (docs/decisions/0049-launch-alert-waves.md, "Bounces that arrive
// later"): each alert leaves with its own envelope sender, `<local>+<token>@<domain>` of the bounce
// address (EMAIL_DEVOLUCOES), so the relay's late bounce (a DSN, RFC 3464) comes back to an address
// that names the alert. The token is signed (HMAC, key derived from JWT_SECRET for this purpose only,
// as the one-click unsubscribe's), so a forged DSN cannot mark someone else's alert.
//
// The token is base32 (lower case: relays and mailbox software may fold an address's case) of
//   member id (16 bytes) · first 4 bytes of the launch id · HMAC-SHA256(member, launch) cut to 8 bytes
// = 28 bytes, 45 characters. Both ids whole would be 32 bytes before the signature: with it, past the
// 64 characters SMTP allows a local part (RFC 5321 §4.5.3.1.1). The launch's prefix only finds the
// alert among the member's own (a handful); the signature covers both ids whole.

const PURPOSE = 'legiao-devolucao-aviso-v1';
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';
const SIGNATURE_BYTES = 8;
const LAUNCH_PREFIX_BYTES = 4;
const TOKEN_BYTES = 16 + LAUNCH_PREFIX_BYTES + SIGNATURE_BYTES;
/** Characters of a token. */
export const BOUNCE_TOKEN_LENGTH = Math.ceil((TOKEN_BYTES * 8) / 5);
/** The longest local part the bounce address may have: `<local>+<token>` within SMTP's 64. */
export const BOUNCE_LOCAL_MAX = 64 - 1 - BOUNCE_TOKEN_LENGTH;

/** The configured bounce address (EMAIL_DEVOLUCOES), split. */
export interface BounceMailbox {
  local: string;
  domain: string;
}

/** The alert a bounce address names, before its signature is checked against the launch's full id. */
export interface BounceToken {
  memberId: string;
  /** The launch id's first 8 hex digits: `lancamento_id::text LIKE '<prefix>%'`. */
  launchPrefix: string;
  signature: Buffer;
}

function base32(bytes: Buffer): string {
  let out = '';
  let bits = 0;
  let value = 0;
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

/** The bytes of a base32 text, or null when it holds another character or leftover bits that aren't zero. */
function fromBase32(text: string): Buffer | null {
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of text) {
    const digit = ALPHABET.indexOf(char);
    if (digit < 0) return null;
    value = ((value << 5) | digit) & 0xfff;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  if ((value & ((1 << bits) - 1)) !== 0) return null;
  return Buffer.from(bytes);
}

const uuidBytes = (id: string) => Buffer.from(id.replace(/-/g, ''), 'hex');
const uuidText = (b: Buffer) => {
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
};
const sign = (secret: string, launchId: string, memberId: string) =>
  createHmac('sha256', purposeKey(secret, PURPOSE)).update(`aviso:${launchId.toLowerCase()}:${memberId.toLowerCase()}`).digest().subarray(0, SIGNATURE_BYTES);

/** The token of one launch alert (launch and member ids: uuids). */
export function bounceToken(secret: string, launchId: string, memberId: string): string {
  return base32(Buffer.concat([uuidBytes(memberId), uuidBytes(launchId).subarray(0, LAUNCH_PREFIX_BYTES), sign(secret, launchId, memberId)]));
}

/** The alert's envelope sender: `<local>+<token>@<domain>`. */
export const bounceAddress = (mailbox: BounceMailbox, secret: string, launchId: string, memberId: string) =>
  `${mailbox.local}+${bounceToken(secret, launchId, memberId)}@${mailbox.domain}`;

/**
 * nodemailer's `envelope` for a launch alert to `to`: MAIL FROM is the alert's bounce address, RCPT TO
 * the member. Undefined without a bounce address configured (nodemailer then uses the From address,
 * as before).
 */
export function alertEnvelope(mailbox: BounceMailbox | undefined, secret: string, alert: { launchId: string; memberId: string }, to: string) {
  if (!mailbox) return undefined;
  return { from: bounceAddress(mailbox, secret, alert.launchId, alert.memberId), to };
}

/**
 * The token in an address sent to this portal's bounce mailbox (`<local>+<token>@<domain>`, any case,
 * with or without angle brackets), or null when the address is not one. Not yet verified: see
 * bounceTokenNames.
 */
export function readBounceToken(mailbox: BounceMailbox, address: string): BounceToken | null {
  const text = address.trim().replace(/^<(.*)>$/, '$1').toLowerCase();
  const at = text.lastIndexOf('@');
  if (at < 0 || text.slice(at + 1) !== mailbox.domain.toLowerCase()) return null;
  const local = text.slice(0, at);
  const head = `${mailbox.local.toLowerCase()}+`;
  if (!local.startsWith(head) || local.length !== head.length + BOUNCE_TOKEN_LENGTH) return null;
  const bytes = fromBase32(local.slice(head.length));
  if (!bytes || bytes.length !== TOKEN_BYTES) return null;
  return {
    memberId: uuidText(bytes.subarray(0, 16)),
    launchPrefix: bytes.subarray(16, 16 + LAUNCH_PREFIX_BYTES).toString('hex'),
    signature: bytes.subarray(16 + LAUNCH_PREFIX_BYTES),
  };
}

/** Whether the token was signed by this portal for the alert of `launchId` to its member. */
export function bounceTokenNames(secret: string, token: BounceToken, launchId: string): boolean {
  return launchId.toLowerCase().startsWith(token.launchPrefix) && sameBytes(token.signature, sign(secret, launchId, token.memberId));
}
