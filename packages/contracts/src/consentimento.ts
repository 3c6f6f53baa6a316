import { z } from 'zod';

// Consent history (LGPD Art. 8 and 18): every opt-in and opt-out, when and where. docs/decisions/0011-data-rights.md

export const CANAIS_CONSENTIMENTO = ['email', 'sms', 'whatsapp'] as const;
export type CanalConsentimento = (typeof CANAIS_CONSENTIMENTO)[number];

/** Where a consent changed: the sign-up, the profile, or the account's deletion (every consent withdrawn). */
export const ORIGENS_CONSENTIMENTO = ['cadastro', 'perfil', 'exclusao'] as const;
export type OrigemConsentimento = (typeof ORIGENS_CONSENTIMENTO)[number];

export const CANAL_LABEL: Record<CanalConsentimento, string> = { email: 'E-mail', sms: 'SMS', whatsapp: 'WhatsApp' };
export const ORIGEM_LABEL: Record<string, string> = { cadastro: 'Cadastro', perfil: 'Meu perfil', exclusao: 'Exclusão da conta' };

export const consentimentoSchema = z.object({
  canal: z.enum(CANAIS_CONSENTIMENTO),
  concedido: z.boolean(),
  origem: z.string(),
  data: z.string(),
  ip: z.string().nullable(),
});
export type Consentimento = z.infer<typeof consentimentoSchema>;

/** GET /usuario/consentimentos: newest first. */
export const consentimentosResponseSchema = z.array(consentimentoSchema);
