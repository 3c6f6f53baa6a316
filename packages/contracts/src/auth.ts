import { z } from 'zod';
import { MSG } from './messages.js';
import { emailSchema } from './fields.js';
import { passwordSchema } from './password.js';

/** POST /auth/login (spec 000 section 7). `ticket` is the waiting room's admission ticket. */
export const loginSchema = z.object({
  email: z.preprocess((v) => (v === '' ? undefined : v), emailSchema),
  senha: z.string({ error: MSG.camposObrigatorios }).min(1, MSG.camposObrigatorios).max(200, MSG.credenciaisInvalidas),
  ticket: z.string().max(2000).optional(),
});
export type LoginInput = z.input<typeof loginSchema>;

/** Session token, wrapped as the social-login call reads it (data.token.token). */
export const tokenResponseSchema = z.object({
  token: z.object({ token: z.string(), tipo: z.literal('Bearer'), expiraEm: z.string() }),
});
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

// Anything unusual (too long, repeated) is treated as no e-mail: this call always answers neutrally.
// Any e-mail gets the same neutral answer (the route checks its shape itself); a value that can't be
// one (a repeated parameter, over 254 characters) is a 400, as the document says (issue 14).
export const recoverPasswordQuerySchema = z.object({ email: z.string({ error: MSG.emailInvalido }).max(254, MSG.emailInvalido).optional() });

/** POST /auth/recuperar-senha-confirmacao: q (code) and h (hash) of the e-mailed link. */
export const recoverPasswordConfirmationSchema = z
  .object({
    code: z.string({ error: MSG.linkInvalido }).min(1, MSG.linkInvalido).max(200, MSG.linkInvalido),
    hash: z.string({ error: MSG.linkInvalido }).min(1, MSG.linkInvalido).max(200, MSG.linkInvalido),
    senha: passwordSchema,
    confirmacaoSenha: z.string({ error: MSG.senhasDiferentes }),
  })
  .refine((v) => v.senha === v.confirmacaoSenha, { message: MSG.senhasDiferentes, path: ['confirmacaoSenha'] });

export { emailSchema };
