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

export const passwordSchema = z
  .string({ error: MSG.camposObrigatorios })
  .max(72, MSG.senhaLonga) // bcrypt reads at most 72 bytes
  .refine(isStrongPassword, MSG.senhaRegras);
