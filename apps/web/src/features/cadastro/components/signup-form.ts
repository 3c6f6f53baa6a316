import {
  phoneSchema,
  cpfSchema,
  birthDateSchema,
  EMAIL_SHAPE,
  emailSchema,
  MSG,
  onlyDigits,
  passwordSchema,
} from '@legiao/contracts';
import { z } from 'zod';

/** Empty passes (FINALIZAR reports missing fields with one notice); a filled value must be valid. */
const emptyOr = (schema: z.ZodType, message: string) =>
  z.string().refine((s) => s.trim() === '' || schema.safeParse(s).success, message);

/**
 * The four steps share one form so going back keeps what was typed. Equality of the e-mail and
 * password confirmations is enforced by the disabled buttons (sameEmail, passwordReady).
 */
export const signupFormSchema = z.object({
  email: emailSchema,
  confirmEmail: z.string(),
  senha: passwordSchema,
  confirmacaoSenha: z.string(),
  nome: z.string().trim().min(2, 'Informe seu nome completo.'),
  cpf: cpfSchema,
  celular: emptyOr(phoneSchema, MSG.celularInvalido),
  dataNascimento: emptyOr(birthDateSchema, MSG.dataNascimentoInvalida),
  cep: emptyOr(z.string().refine((s) => onlyDigits(s).length === 8), MSG.cepInvalido),
  genero: z.string().min(1, MSG.generoInvalido),
  // Typed by hand only when the CEP service is down (otherwise the lookup fills them on FINALIZAR).
  endereco: z.string(),
  cidade: z.string(),
  uf: z.string(),
  termos: z.boolean().refine((v) => v, MSG.termosObrigatorios),
  optin: z.boolean(),
  optinSms: z.boolean(),
});

export type SignupFormValues = z.input<typeof signupFormSchema>;

export const signupDefaults: SignupFormValues = {
  email: '',
  confirmEmail: '',
  senha: '',
  confirmacaoSenha: '',
  nome: '',
  cpf: '',
  celular: '',
  dataNascimento: '',
  cep: '',
  genero: '',
  endereco: '',
  cidade: '',
  uf: '',
  termos: false,
  optin: false,
  optinSms: false,
};

export const STEP_FIELDS = {
  1: ['email', 'confirmEmail'],
  2: ['senha', 'confirmacaoSenha'],
  3: ['nome', 'cpf'],
  4: ['celular', 'dataNascimento', 'cep', 'genero', 'termos'],
} as const satisfies Record<number, (keyof SignupFormValues)[]>;

export type Step = keyof typeof STEP_FIELDS;

/** The e-mail has a valid shape and equals its confirmation (AVANÇAR of step 1). */
export function sameEmail(email: string, confirmation: string): boolean {
  const a = email.trim().toLowerCase();
  return EMAIL_SHAPE.test(a) && a === confirmation.trim().toLowerCase();
}

/** The fields FINALIZAR insists on (spec 001 section 5). */
export function missingRequired(v: SignupFormValues): boolean {
  return [v.email, v.senha, v.cpf, v.nome, v.celular, v.dataNascimento, v.cep].some((x) => x.trim() === '');
}
