import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** 256-bit URL-safe secret for e-mailed links. */
export const newSecret = () => randomBytes(32).toString('base64url');
/** Links are stored only as this digest: a leaked table can't be replayed. */
export const digest = (secret: string) => createHash('sha256').update(secret).digest('hex');
export const sameDigest = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
export const isUuid = (s: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s);
/**
 * A key for one purpose only, derived from the app's secret (JWT_SECRET): a token signed for one use
 * (the one-click unsubscribe, a bounce address) can never pass for another's.
 */
export const purposeKey = (secret: string, purpose: string) => createHmac('sha256', secret).update(purpose).digest();
/** Two byte strings alike, in constant time (false for different lengths). */
export const sameBytes = (a: Buffer, b: Buffer) => a.length === b.length && timingSafeEqual(a, b);
