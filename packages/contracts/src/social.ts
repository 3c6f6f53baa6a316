import { z } from 'zod';
import { absentWhenNull, emailSchema } from './fields.js';

// Social login (spec 001 sections 2.12, 3, 4, 7). docs/decisions/0010-social-login.md

export const SOCIAL_PROVIDERS = ['google', 'facebook'] as const;
export type SocialProviderId = (typeof SOCIAL_PROVIDERS)[number];

export const MSG_SOCIAL = {
  provedorInvalido: 'Escolha Google ou Facebook.',
  tokenInvalido: 'Não foi possível confirmar seu login social. Tente novamente.',
  emailNaoVerificado: 'O provedor não confirmou o seu e-mail. Use outro meio de acesso.',
  semEmail: 'O provedor não informou um e-mail. Use outro meio de acesso.',
  emailDiferente: 'O e-mail informado não é o da conta do provedor.',
  provedorDesativado: 'Este login social não está disponível no momento.',
  provedorIndisponivel: 'O provedor de login não respondeu. Tente novamente em instantes.',
  contaExcluida: 'Esta conta foi excluída.',
} as const;

/**
 * POST /auth/social-login (spec 001 section 3: email, provider, token, nome). The server reads the
 * provider's user info itself with `token`, so email and nome are optional; a given email must be
 * the provider's verified one. `ticket` is the waiting room's admission ticket, as in login.
 */
export const socialLoginSchema = z.object({
  provider: z.enum(SOCIAL_PROVIDERS, { error: MSG_SOCIAL.provedorInvalido }),
  token: z.string({ error: MSG_SOCIAL.tokenInvalido }).trim().min(1, MSG_SOCIAL.tokenInvalido).max(4096, MSG_SOCIAL.tokenInvalido),
  email: absentWhenNull(emailSchema, { emptyToo: true }),
  nome: absentWhenNull(z.string().trim().max(120)),
  /** The referral value the landing page kept (?r=), for a first login that creates the account. */
  hashIndicacao: z.string().trim().max(200).optional(),
  ticket: z.string().max(2000).optional(),
});
export type SocialLoginInput = z.input<typeof socialLoginSchema>;

/**
 * GET /auth/social-config: which providers are on and where their consent screens are, read at
 * run time so one build serves every environment (and the browser tests' fake provider).
 */
export const socialConfigSchema = z.object({
  google: z.object({ clientId: z.string(), authUrl: z.string() }).nullable(),
  facebook: z.object({ appId: z.string(), authUrl: z.string() }).nullable(),
});
export type SocialConfig = z.infer<typeof socialConfigSchema>;
