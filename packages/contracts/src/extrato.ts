import { z } from 'zod';

// The balance and its statement (spec 001 sections 2.19, 3 and 9). docs/decisions/0009-economy.md

/**
 * Units of balance: pontos. One confirmed referral is worth 1 ponto, so a benefit's valor reads as
 * "referrals required" (spec 000 section 3) and the progress bar is saldo / valor * 100.
 */
export const PONTOS = {
  /** A confirmed referral (the referred member is active and has a verified purchase). */
  indicacao: 1,
  /** Each verified purchase entry (one product of one order the brand registered). */
  compra: 1,
  /** Once per member, when the personalisation survey is completed. */
  enriquecimentoPerfil: 1,
} as const;

/** Statement reasons, as the spec writes them (spec 001 section 9). */
export const MOTIVOS_EXTRATO = ['Compra', 'Indicação', 'Enriquecimento de Perfil', 'Resgate de Benefício'] as const;
export type MotivoExtrato = (typeof MOTIVOS_EXTRATO)[number];

export const EXTRATO_MSG = {
  mesInvalido: 'Mês inválido.',
  anoInvalido: 'Ano inválido.',
} as const;

/** GET /usuario/extrato?mes=&ano=: both optional (the page's month/year filter; none = all). */
export const extratoQuerySchema = z.object({
  mes: z.coerce.number({ error: EXTRATO_MSG.mesInvalido }).int(EXTRATO_MSG.mesInvalido).min(1, EXTRATO_MSG.mesInvalido).max(12, EXTRATO_MSG.mesInvalido).optional(),
  ano: z.coerce.number({ error: EXTRATO_MSG.anoInvalido }).int(EXTRATO_MSG.anoInvalido).min(2000, EXTRATO_MSG.anoInvalido).max(2100, EXTRATO_MSG.anoInvalido).optional(),
});

export const beneficioResumoSchema = z.object({
  id: z.number().int(),
  nome: z.string(),
  urlImagem: z.string(),
  evento: z.boolean(),
  textoLegal: z.string(),
});

/** One statement entry (spec 001 section 3), newest first. Referral entries show '+valor'. */
export const extratoItemSchema = z.object({
  id: z.string(),
  motivo: z.enum(MOTIVOS_EXTRATO),
  valor: z.number().int().describe('Pontos: positivo para créditos, zero ou negativo para resgates'),
  dataTransacao: z.string().describe('ISO 8601'),
  indicado: z.string().nullable().describe('Indicação: e-mail do membro indicado'),
  produto: z.string().nullable().describe('Compra: nome do produto verificado'),
  cupom: z.string().nullable().describe('Resgate: o código entregue'),
  numeroCupom: z.number().int().nullable(),
  usoCupom: z.boolean().nullable().describe('Resgate: true quando a loja informou o uso do cupom'),
  dataUsoCupom: z.string().nullable(),
  opcao: z.string().nullable().describe('Resgate de evento com dias: o dia escolhido'),
  beneficio: beneficioResumoSchema.nullable(),
});
export type ExtratoItem = z.infer<typeof extratoItemSchema>;
export const extratoResponseSchema = z.array(extratoItemSchema);
