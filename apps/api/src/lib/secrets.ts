import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** 256-bit URL-safe secret for e-mailed links. */
export const newSecret = () => randomBytes(32).toString('base64url');
/** Links are stored only as this digest: a leaked table can't be replayed. */
export const digest = (secret: string) => createHash('sha256').update(secret).digest('hex');
export const sameDigest = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
export const isUuid = (s: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s);
