import { z } from 'zod';
import { MSG } from './messages.js';
import { absentWhenNull, phoneSchema, cepSchema, cpfSchema, birthDateSchema, emailSchema, UFS } from './fields.js';
import { passwordSchema } from './password.js';

/** Canonical gender values (profile edit). Sign-up sends the longer labels; both are accepted. */
export const GENDERS = ['homem', 'mulher', 'naobinario', 'outro', 'naodizer'] as const;
export type Gender = (typeof GENDERS)[number];
const GENDER_ALIASES: Record<string, Gender> = {
  homem: 'homem',
  mulher: 'mulher',
  'nao binario': 'naobinario',
  naobinario: 'naobinario',
  outro: 'outro',
  'prefiro nao dizer': 'naodizer',
  naodizer: 'naodizer',
};
export const genderSchema = z
  .string({ error: MSG.generoInvalido })
  .transform((s) => GENDER_ALIASES[s.trim().toLowerCase()])
  .refine((g): g is Gender => g !== undefined, MSG.generoInvalido);

/** Options the sign-up form offers (spec 001 section 3), value as sent on the wire. */
export const SIGNUP_GENDERS = [
  { value: 'homem', label: 'Homem' },
  { value: 'mulher', label: 'Mulher' },
  { value: 'nao binario', label: 'Não binário' },
  { value: 'outro', label: 'Outro' },
  { value: 'Prefiro nao dizer', label: 'Prefiro não dizer' },
] as const;
export const PROFILE_GENDERS = [
  { value: 'homem', label: 'Homem' },
  { value: 'mulher', label: 'Mulher' },
  { value: 'naobinario', label: 'Não binário' },
  { value: 'outro', label: 'Outro' },
  { value: 'naodizer', label: 'Prefiro não dizer' },
] as const;

/**
 * Missing, null or empty answers 'Preencha todos os campos obrigatórios.' before any format rule.
 * The check lives in the preprocess step, so the OpenAPI document shows `schema` itself (a pipe
 * through `z.unknown()` was documented as `{}`, any value; issue 14).
 */
export const required = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v, ctx) => {
    if (v === '' || v === null || v === undefined) {
      ctx.addIssue({ code: 'custom', message: MSG.camposObrigatorios });
      return z.NEVER;
    }
    return v;
  }, schema);
const ufSchema = z.string().trim().toUpperCase().refine((s) => (UFS as readonly string[]).includes(s), MSG.cepInvalido);
const text = (max: number) => z.string().trim().max(max);
const optionalText = (max: number) => absentWhenNull(text(max));

// --- queries ---------------------------------------------------------------------------------
export const validEmailQuerySchema = z.object({ email: emailSchema });
export const validCpfQuerySchema = z.object({ cpf: cpfSchema });
export const validOptinQuerySchema = z.object({ email: emailSchema });
export const validOptinResponseSchema = z.object({ optin: z.boolean(), optinSms: z.boolean(), optout: z.boolean() });
export type ValidOptinResponse = z.infer<typeof validOptinResponseSchema>;

// --- sign-up ---------------------------------------------------------------------------------
/** POST /usuario (spec 001 section 3, sign-up payload). */
export const signupSchema = z.object({
  email: required(emailSchema),
  senha: required(passwordSchema),
  cpf: required(cpfSchema),
  nome: required(text(120).min(2, MSG.camposObrigatorios)),
  celular: required(phoneSchema),
  cep: required(cepSchema),
  endereco: optionalText(200),
  cidade: optionalText(120),
  uf: absentWhenNull(ufSchema, { emptyToo: true }),
  dataNascimento: required(birthDateSchema),
  genero: required(genderSchema),
  optin: z.boolean().optional().default(false),
  optinSms: z.boolean().optional().default(false),
  hashIndicacao: optionalText(200),
  origem: optionalText(100),
});
export type SignupInput = z.input<typeof signupSchema>;
export type Signup = z.output<typeof signupSchema>;

export const signupResponseSchema = z.object({ message: z.string(), email: z.string() });

// --- activation ------------------------------------------------------------------------------
export const activateAccountSchema = z.object({ hash: z.string({ error: MSG.linkInvalido }).min(1, MSG.linkInvalido).max(200, MSG.linkInvalido) });
export const activateAccountResponseSchema = z.object({ email: z.string() });
export const resendEmailSchema = z.object({ email: required(emailSchema) });

// --- profile ---------------------------------------------------------------------------------
/**
 * PUT /usuario: profile fields (also the social-login completion, which sends cpf and celular).
 * E-mail can't change here; CPF can only be set when the account has none (social accounts).
 */
export const updateProfileSchema = z.object({
  nome: required(text(120).min(2, MSG.camposObrigatorios)),
  celular: required(phoneSchema),
  cpf: absentWhenNull(cpfSchema, { emptyToo: true }),
  dataNascimento: absentWhenNull(birthDateSchema, { emptyToo: true }),
  genero: absentWhenNull(genderSchema, { emptyToo: true }),
  cep: absentWhenNull(cepSchema, { emptyToo: true }),
  endereco: optionalText(200),
  numero: optionalText(20),
  complemento: optionalText(120),
  cidade: optionalText(120),
  uf: absentWhenNull(ufSchema, { emptyToo: true }),
  optIn: z.boolean().optional(),
  optInSms: z.boolean().optional(),
  aceiteTermos: z.boolean().optional(),
});
export type UpdateProfileInput = z.input<typeof updateProfileSchema>;

export const newPasswordSchema = z.object({
  senha: z.string({ error: MSG.camposObrigatorios }).min(1, MSG.camposObrigatorios).max(200),
  novaSenha: required(passwordSchema),
});

// --- the logged user -------------------------------------------------------------------------
export const PROFILES = ['funcional', 'outsider', 'estiloso', 'geral'] as const;

/** GET /usuario/logged (spec 000 section 3 and spec 001 section 3). */
export const signedInUserSchema = z.object({
  id: z.string(),
  hash: z.string(),
  hashUsuario: z.string(),
  nome: z.string(),
  email: z.string(),
  cpf: z.string().nullable(),
  celular: z.string().nullable(),
  cep: z.string().nullable(),
  endereco: z.string().nullable(),
  numero: z.string().nullable(),
  complemento: z.string().nullable(),
  cidade: z.string().nullable(),
  uf: z.string().nullable(),
  dataNascimento: z.string().nullable(),
  genero: z.string().nullable(),
  optIn: z.boolean(),
  optInEmail: z.boolean(),
  optInSms: z.boolean(),
  optInWhatsapp: z.boolean(),
  social: z.boolean(),
  ativo: z.boolean(),
  lead: z.boolean(),
  colaborador: z.boolean(),
  admin: z.boolean(),
  perfil: z.enum(PROFILES),
  perfilCompleto: z.boolean(),
  perfilDefinido: z.boolean(),
  saldo: z.number(),
  hashPesquisaSatisfacao: z.string().nullable(),
  dataCadastro: z.string(),
  dataAtualizacao: z.string(),
  emailDevolvidoEm: z
    .string()
    .nullable()
    .describe(
      'Quando um e-mail para o endereço da conta voltou com devolução definitiva (ISO 8601); null quando não voltou, quando o membro trocou o endereço ou avisou que ele está certo (POST /usuario/email-devolvido/confirmar).',
    ),
});
export type SignedInUser = z.infer<typeof signedInUserSchema>;

// --- the address that bounced ----------------------------------------------------------------
// A launch alert to the account's address came back with a hard bounce (usuario.email_devolvido_em,
// docs/decisions/0049-launch-alert-waves.md "Bounces that arrive later"): the member is told on the
// home and in Meu perfil, and either changes the address or says it is right.

export const BOUNCED_EMAIL_MSG = {
  confirmado: 'Pronto! Voltaremos a enviar e-mails para o seu endereço.',
  semDados: 'Esta chamada não leva dados: ela vale só para a sua própria conta.',
} as const;

/**
 * POST /usuario/email-devolvido/confirmar: no body (or `{}`). It names no account: the session's
 * is the only one it clears, so any field (another member's id...) is refused.
 */
export const confirmBouncedEmailSchema = z.strictObject({}, { error: BOUNCED_EMAIL_MSG.semDados });
