import { phoneSchema, cpfSchema, birthDateSchema, PROFILE_GENDERS, MSG, onlyDigits } from '@legiao/contracts';
import { z } from 'zod';
import { isoToDateInput } from '../../../shared/lib/dates';
import { applyMask, MASKS } from '../../../shared/ui/masked-field';
import type { LoggedUser } from '../../../shared/session/get-logged-user';

const emptyOr = (schema: z.ZodType, message: string) =>
  z.string().refine((s) => s.trim() === '' || schema.safeParse(s).success, message);

export const profileFormSchema = z.object({
  nome: z.string().trim().min(2, MSG.camposObrigatorios).max(120),
  celular: z.string().refine((s) => phoneSchema.safeParse(s).success, MSG.celularInvalido),
  cpf: emptyOr(cpfSchema, MSG.cpfInvalido),
  dataNascimento: emptyOr(birthDateSchema, MSG.dataNascimentoInvalida),
  genero: z.string(),
  cep: emptyOr(z.string().refine((s) => onlyDigits(s).length === 8), MSG.cepInvalido),
  numero: z.string().trim().max(20),
  complemento: z.string().trim().max(120),
  optIn: z.boolean(),
  optInSms: z.boolean(),
});

export type ProfileFormValues = z.input<typeof profileFormSchema>;

const GENDER_VALUES: readonly string[] = PROFILE_GENDERS.map((g) => g.value);

/** Sign-up sent longer labels ('nao binario', 'Prefiro nao dizer'); the profile uses the short ones. */
export function normalizeGender(gender: string | null | undefined): string {
  const key = (gender ?? '').trim().toLowerCase();
  const aliases: Record<string, string> = { 'nao binario': 'naobinario', 'prefiro nao dizer': 'naodizer' };
  const value = aliases[key] ?? key;
  return GENDER_VALUES.includes(value) ? value : '';
}

export function profileDefaults(user: LoggedUser): ProfileFormValues {
  return {
    nome: user.nome ?? '',
    celular: applyMask(user.celular, MASKS.celular),
    cpf: applyMask(user.cpf, MASKS.cpf),
    dataNascimento: isoToDateInput(user.dataNascimento),
    genero: normalizeGender(user.genero),
    cep: applyMask(user.cep, MASKS.cep),
    numero: user.numero ?? '',
    complemento: user.complemento ?? '',
    optIn: user.optIn === true,
    optInSms: user.optInSms === true,
  };
}
