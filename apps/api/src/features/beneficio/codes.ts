import { randomInt } from 'node:crypto';

// Coupon codes the portal makes itself (generated benefits, Friends & Family, leads): a prefix and
// 8 characters from an alphabet without look-alikes (0/O, 1/I/L), e.g. 'LEG10-7KQ2-M9XD'.
// 31^8 ≈ 8.5e11 combinations; the unique index on the code is what guarantees uniqueness, and the
// callers insert with ON CONFLICT DO NOTHING and draw again on the (rare) collision.

const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

const block = (n: number) => Array.from({ length: n }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

export function generateCode(prefix: string): string {
  const p = prefix.toUpperCase().replace(/[^A-Z0-9]/g, '').slice(0, 12) || 'LEG';
  return `${p}-${block(4)}-${block(4)}`;
}

/** A code as members type it: upper case, no surrounding spaces. */
export const normaliseCode = (code: string) => code.trim().toUpperCase();

/** Imported codes: letters, digits, '-' and '_', 3 to 64 characters. */
export const IMPORTED_CODE = /^[A-Z0-9_-]{3,64}$/;
