import { randomInt } from 'node:crypto';
import { INTEGRATION_KEY_ID_LENGTH, INTEGRATION_KEY_PATTERN, INTEGRATION_KEY_PREFIX, INTEGRATION_KEY_SECRET_LENGTH } from '@legiao/contracts/integracao/constants';
import { digest } from '../../lib/secrets.js';

// Machine keys of the store integration (docs/decisions/0041-store-integration.md):
// `lgk_live_` + 12 characters of public id + 32 of secret, base62. Stored as the id (for the lookup)
// and the SHA-256 of the whole key: a 190-bit random secret needs no slow hash.

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const base62 = (length: number) => Array.from({ length }, () => BASE62[randomInt(62)]).join('');

export interface NewKey {
  /** The whole key: shown once, never stored. */
  key: string;
  /** The public id part, stored in clear (chave_integracao.prefixo). */
  prefix: string;
  hash: string;
}

export function generateKey(): NewKey {
  const prefix = base62(INTEGRATION_KEY_ID_LENGTH);
  const key = `${INTEGRATION_KEY_PREFIX}${prefix}${base62(INTEGRATION_KEY_SECRET_LENGTH)}`;
  return { key, prefix, hash: digest(key) };
}

/** The key's public id, or null when the text is not shaped like a key. */
export function keyPrefix(key: string): string | null {
  if (!INTEGRATION_KEY_PATTERN.test(key)) return null;
  return key.slice(INTEGRATION_KEY_PREFIX.length, INTEGRATION_KEY_PREFIX.length + INTEGRATION_KEY_ID_LENGTH);
}

/** How a key is shown after its creation: its public part only. */
export const shownKey = (prefix: string) => `${INTEGRATION_KEY_PREFIX}${prefix}…`;
