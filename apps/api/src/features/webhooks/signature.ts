import { createHmac, randomBytes } from 'node:crypto';

// Standard Webhooks (standardwebhooks.com): `webhook-signature` is `v1,<base64 HMAC-SHA256 of
// "<webhook-id>.<webhook-timestamp>.<body>">`, keyed by the base64-decoded part of a `whsec_` secret;
// several signatures are separated by spaces (a rotation's old and new secrets), and a receiver
// accepts the delivery when any of them matches one of its secrets.

const PREFIX = 'whsec_';

/** A new signing secret: whsec_ and the base64 of 32 random bytes (the standard's recommendation). */
export const newWebhookSecret = () => PREFIX + randomBytes(32).toString('base64');

/** What the back office shows of a secret after it was answered once. */
export const secretStart = (secret: string) => `${secret.slice(0, PREFIX.length + 4)}…`;

export function sign(secret: string, id: string, timestampS: number, body: string): string {
  const key = Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, 'base64');
  return 'v1,' + createHmac('sha256', key).update(`${id}.${timestampS}.${body}`).digest('base64');
}

/** The three headers of a delivery, signed with every secret given (the live one first). */
export function signedHeaders(secrets: string[], id: string, timestampS: number, body: string): Record<string, string> {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestampS),
    'webhook-signature': secrets.map((s) => sign(s, id, timestampS, body)).join(' '),
  };
}
