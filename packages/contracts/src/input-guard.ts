import { z } from 'zod';
import { REQUEST_MSG } from './messages.js';

// Rules every input shares, applied once to each route's schemas by the API's validator compiler
// (apps/api/src/lib/validator.ts) instead of field by field: a field added tomorrow is covered too.

/** PostgreSQL `integer` (int4): every integer column's range. */
export const INT4_MIN = -2_147_483_648;
export const INT4_MAX = 2_147_483_647;

/**
 * C0 control characters except tab, line feed and carriage return (free text may have them), DEL,
 * and UTF-16 surrogates that are not part of a pair. PostgreSQL refuses NUL in text (a 500 before
 * issue 14) and none of the others is something a person types.
 */
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]|[\uD800-\uDFFF]/u;

export const hasForbiddenCharacter = (s: string) => FORBIDDEN.test(s);

/** The path of the first string (value or key) holding a forbidden character, or null. */
export function findForbiddenCharacter(value: unknown, path: (string | number)[] = [], depth = 0): (string | number)[] | null {
  if (typeof value === 'string') return hasForbiddenCharacter(value) ? path : null;
  if (value === null || typeof value !== 'object' || depth > 32) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findForbiddenCharacter(value[i], [...path, i], depth + 1);
      if (found) return found;
    }
    return null;
  }
  for (const [key, v] of Object.entries(value)) {
    if (hasForbiddenCharacter(key)) return [...path, key];
    const found = findForbiddenCharacter(v, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

/** `schema`, refusing first any input that holds a forbidden character anywhere (400, Portuguese). */
export function rejectingControlCharacters<T extends z.ZodType>(schema: T): z.ZodType<z.output<T>, z.input<T>> {
  return z
    .unknown()
    .superRefine((value, ctx) => {
      const path = findForbiddenCharacter(value);
      if (path) ctx.addIssue({ code: 'custom', path, message: REQUEST_MSG.caractereInvalido });
    })
    .pipe(schema as z.ZodType<unknown, any>) as unknown as z.ZodType<z.output<T>, z.input<T>>;
}

/** An integer that fits its int4 column, with one message for every way it can be wrong. */
export const int4 = (message: string) => z.number({ error: message }).int(message).min(INT4_MIN, message).max(INT4_MAX, message);
/** A positive int4 id (serial columns). */
export const int4Id = (message: string) => z.number({ error: message }).int(message).positive(message).max(INT4_MAX, message);
