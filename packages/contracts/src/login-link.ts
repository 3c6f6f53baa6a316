import { z } from 'zod';
import { MSG } from './messages.js';
import { cpfSchema, emailSchema } from './fields.js';

// Automatic login links (spec 000 sections 2 and 7, auth/loginbywill). docs/decisions/0010-social-login.md

export const MSG_LOGIN_LINK = {
  identifiqueConta: 'Informe o e-mail ou o CPF da conta.',
  contaNaoEncontrada: 'Conta não encontrada.',
  contaInativa: 'A conta ainda não foi ativada ou foi excluída.',
  semCelular: 'A conta não tem celular cadastrado: o link de acesso é vinculado ao celular.',
  validadeInvalida: 'A validade deve ficar entre 5 minutos e 7 dias.',
} as const;

export const LOGIN_LINK_TTL_MIN_MINUTES = 5;
export const LOGIN_LINK_TTL_MAX_MINUTES = 7 * 24 * 60;

/** POST /auth/loginbywill: the login page's hash, and celular decoded from its code parameter. */
export const loginByWillSchema = z.object({
  celular: z.string({ error: MSG.linkInvalido }).trim().min(1, MSG.linkInvalido).max(40, MSG.linkInvalido),
  hash: z.string({ error: MSG.linkInvalido }).trim().min(1, MSG.linkInvalido).max(200, MSG.linkInvalido),
  ticket: z.string().max(2000).optional(),
});
export type LoginByWillInput = z.input<typeof loginByWillSchema>;

/** POST /admin/login-links (operators only): one account by e-mail or CPF. */
export const issueLoginLinkSchema = z
  .object({
    email: emailSchema.optional(),
    cpf: cpfSchema.optional(),
    validadeMinutos: z
      .number({ error: MSG_LOGIN_LINK.validadeInvalida })
      .int(MSG_LOGIN_LINK.validadeInvalida)
      .min(LOGIN_LINK_TTL_MIN_MINUTES, MSG_LOGIN_LINK.validadeInvalida)
      .max(LOGIN_LINK_TTL_MAX_MINUTES, MSG_LOGIN_LINK.validadeInvalida)
      .optional(),
    /** A benefit to preselect (the login page stores it as beneficioSelecionadoChatbot). */
    beneficio: z.string().trim().min(1).max(100).optional(),
  })
  .refine((v) => (v.email === undefined) !== (v.cpf === undefined), { message: MSG_LOGIN_LINK.identifiqueConta });
export type IssueLoginLinkInput = z.input<typeof issueLoginLinkSchema>;

export const loginLinkResponseSchema = z.object({ url: z.string(), expiraEm: z.string() });
export type LoginLinkResponse = z.infer<typeof loginLinkResponseSchema>;
