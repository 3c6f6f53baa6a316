import { z } from 'zod';
import { MSG } from './messages.js';
import { emailSchema } from './fields.js';

// E-mail change (spec 001 section 2.10, wired): the address changes only when the link mailed to
// the new address is followed; the old address is told. docs/decisions/0011-data-rights.md

export const MSG_CHANGE_EMAIL = {
  mesmoEmail: 'O novo e-mail é igual ao atual.',
  linkEnviado: 'Enviamos um link de confirmação para o novo e-mail. A troca só acontece quando você clicar nele.',
  emailAlterado: 'E-mail alterado com sucesso!',
} as const;

/** POST /usuario/alterar-email (logged in). */
export const changeEmailSchema = z.object({ email: z.preprocess((v) => (v === '' || v === null ? undefined : v), emailSchema) });
export type ChangeEmailInput = z.input<typeof changeEmailSchema>;
export const changeEmailResponseSchema = z.object({ message: z.string(), email: z.string() });

/** POST /usuario/confirmar-email: the q of the link in the mail. */
export const confirmEmailSchema = z.object({ hash: z.string({ error: MSG.linkInvalido }).trim().min(1, MSG.linkInvalido).max(200, MSG.linkInvalido) });
export const confirmEmailResponseSchema = z.object({ message: z.string(), email: z.string() });
export type ConfirmEmailResponse = z.infer<typeof confirmEmailResponseSchema>;
