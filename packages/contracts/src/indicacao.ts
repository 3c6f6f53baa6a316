import { z } from 'zod';

// Referrals (spec 000 sections 2, 3, 7; spec 001 sections 2.2, 2.18, 3). docs/decisions/0009-economy.md

/** The landing page keeps `?r=` as the referral value; the sign-up sends it as hashIndicacao. */
export const REFERRAL_QUERY_PARAM = 'r';

export const REFERRAL_MSG = {
  soMembros: 'Colaboradores não participam do programa de indicação.',
  nenhumConfirmado: 'Nenhum email confirmado',
  nenhumPendente: 'Nenhum email pendente',
  contaExcluida: 'Conta excluída',
} as const;

/** GET /indicacao/codigo: the member's referral link `${PUBLIC_URL}/?r=<hash>`. */
export const referralCodeSchema = z.object({
  url: z.string(),
  codigo: z.string().describe('O valor de ?r= (hash público do membro)'),
});
export type ReferralCode = z.infer<typeof referralCodeSchema>;

export const referralConfirmationSchema = z.object({
  email: z.string(),
  dataIndicacao: z.string(),
  dataConfirmacao: z.string(),
  valor: z.number().int().describe('Pontos creditados'),
});

/** GET /indicacao (stored by the web app as `indicacao`). */
export const referralSummarySchema = z.object({
  confirmados: z.number().int(),
  pendentes: z.number().int(),
  saldo: z.number().int().describe('Saldo do membro em pontos (o mesmo de /usuario/logged)'),
  confirmacoes: z.array(referralConfirmationSchema).describe('Indicações confirmadas, da mais recente para a mais antiga'),
  emailsConfirmados: z.array(z.string()),
  emailsPendentes: z.array(z.string()),
  valorIndicacao: z.number().int().describe('Pontos que cada indicação confirmada vale'),
});
export type ReferralSummary = z.infer<typeof referralSummarySchema>;
