import { z } from 'zod';
import { MSG } from './messages.js';

// The special-character set of spec 001 section 5.
const SPECIAL = /[!@#$%^&*(),.?":{}|<>]/;

/** The live checklist shown under password fields; the same predicates the server enforces. */
export const passwordRules = [
  { id: 'tamanho', label: '8 caracteres ou mais', test: (s: string) => s.length >= 8 },
  { id: 'maiuscula', label: '1 Letra maiúscula', test: (s: string) => /[A-Z]/.test(s) },
  { id: 'numero', label: '1 Número', test: (s: string) => /\d/.test(s) },
  { id: 'especial', label: '1 Caractere especial (ex:#?!)', test: (s: string) => SPECIAL.test(s) },
] as const;

export const isStrongPassword = (s: string) => /[A-Za-z]/.test(s) && passwordRules.every((r) => r.test(s));

/**
 * bcrypt reads only the first 72 bytes of a password (UTF-8), so a longer one would share its hash
 * with every password that starts with the same 72 bytes. Passwords are bounded in bytes, not
 * characters: 'ç' takes 2, an emoji 4 (docs/decisions/0039-security-review-findings.md).
 */
export const PASSWORD_MAX_BYTES = 72;

const utf8 = new TextEncoder();
/** The password's length as bcrypt counts it (UTF-8 bytes; browsers and Node encode alike). */
export const passwordBytes = (s: string) => utf8.encode(s).length;
export const fitsPasswordLimit = (s: string) => s.length <= PASSWORD_MAX_BYTES && passwordBytes(s) <= PASSWORD_MAX_BYTES;

export const passwordSchema = z
  .string({ error: MSG.camposObrigatorios })
  // The character bound keeps maxLength in the OpenAPI document; the byte bound is the real one.
  // Either failing ends the checks: one message, not the same one twice.
  .max(PASSWORD_MAX_BYTES, { error: MSG.senhaLonga, abort: true })
  .refine(fitsPasswordLimit, { error: MSG.senhaLonga, abort: true })
  .refine(isStrongPassword, MSG.senhaRegras);
