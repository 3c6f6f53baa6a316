import { z } from 'zod';
import { isValidCpf, onlyDigits } from './cpf.js';
import { MSG } from './messages.js';

/** A simple e-mail shape: no spaces, one @, a dot in the domain (spec 001 section 5). */
export const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const emailSchema = z
  .string({ error: MSG.emailInvalido })
  .trim()
  .max(254, MSG.emailInvalido)
  .regex(EMAIL_SHAPE, MSG.emailInvalido)
  .transform((s) => s.toLowerCase());

export const cpfSchema = z
  .string({ error: MSG.cpfInvalido })
  .transform(onlyDigits)
  .refine(isValidCpf, MSG.cpfInvalido);

export const cepSchema = z
  .string({ error: MSG.cepInvalido })
  .transform(onlyDigits)
  .refine((s) => s.length === 8, MSG.cepInvalido);

/** Brazilian mobile: DDD + 9 digits starting with 9. */
export const phoneSchema = z
  .string({ error: MSG.celularInvalido })
  .transform(onlyDigits)
  .refine((s) => /^[1-9]{2}9\d{8}$/.test(s), MSG.celularInvalido);

/** ISO date or datetime; a person aged 0 to 120 years. */
export const birthDateSchema = z
  .string({ error: MSG.dataNascimentoInvalida })
  .refine((s) => {
    const d = new Date(s);
    if (Number.isNaN(d.getTime())) return false;
    const age = (Date.now() - d.getTime()) / (365.25 * 24 * 3600 * 1000);
    return age >= 0 && age <= 120;
  }, MSG.dataNascimentoInvalida);

export const UFS = ['AC','AL','AP','AM','BA','CE','DF','ES','GO','MA','MT','MS','MG','PA','PB','PR','PE','PI','RJ','RN','RS','RO','RR','SC','SP','SE','TO'] as const;

const optionalText = (max: number) => z.string().trim().max(max).optional().nullable();

/**
 * An optional field where null (and '', with `emptyToo`) means "not sent", as the spec's client
 * sends them. Written as `schema.nullish()` so the OpenAPI document says nullable: a preprocess
 * that swallowed null documented the field as a plain string (issue 14).
 */
export const absentWhenNull = <T extends z.ZodType>(schema: T, { emptyToo = false } = {}) =>
  z.preprocess((v) => (emptyToo && v === '' ? null : v), schema.nullish()).transform((v) => v ?? undefined);
