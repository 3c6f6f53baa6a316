import { z } from 'zod';

// Consent history (LGPD Art. 8 and 18): every opt-in and opt-out, when and where. docs/decisions/0011-data-rights.md

export const CONSENT_CHANNELS = ['email', 'sms', 'whatsapp'] as const;
export type ConsentChannel = (typeof CONSENT_CHANNELS)[number];

/**
 * Where a consent changed: the sign-up, the profile, the account's deletion (every consent
 * withdrawn), or an integration (the brand's CRM reported it: docs/decisions/0045-crm-personal-data.md),
 * a launch's "Avise-me" (e-mail consent given in the same click) or the one-click unsubscribe link of a
 * marketing e-mail (docs/decisions/0049-launch-alert-waves.md).
 */
export const CONSENT_ORIGINS = ['cadastro', 'perfil', 'exclusao', 'integracao', 'lancamento', 'descadastro'] as const;
export type ConsentOrigin = (typeof CONSENT_ORIGINS)[number];

export const CHANNEL_LABEL: Record<ConsentChannel, string> = { email: 'E-mail', sms: 'SMS', whatsapp: 'WhatsApp' };
export const ORIGIN_LABEL: Record<string, string> = { cadastro: 'Cadastro', perfil: 'Meu perfil', exclusao: 'Exclusão da conta', integracao: 'Integração', lancamento: 'Avise-me de um lançamento', descadastro: 'Link de descadastro do e-mail' };

/** How the profile names a change an integration reported: 'Integração: <client name>'. */
export const originLabel = (origin: string, integration?: string | null) =>
  origin === 'integracao' && integration ? `${ORIGIN_LABEL.integracao}: ${integration}` : (ORIGIN_LABEL[origin] ?? origin);

export const consentSchema = z.object({
  canal: z.enum(CONSENT_CHANNELS),
  concedido: z.boolean(),
  origem: z.string(),
  data: z.string(),
  ip: z.string().nullable(),
  /** origem 'integracao': the name of the integration (the brand's CRM) that reported it; null otherwise. */
  integracao: z.string().nullable().optional(),
});
export type Consent = z.infer<typeof consentSchema>;

/** GET /usuario/consentimentos: newest first. */
export const consentsResponseSchema = z.array(consentSchema);
