import { z } from 'zod';
export * from './extrato-constants.js';
import { STATEMENT_REASONS, STATEMENT_MSG } from './extrato-constants.js';

// The balance and its statement (spec 001 sections 2.19, 3 and 9). docs/decisions/0009-economy.md

/** GET /usuario/extrato?mes=&ano=: both optional (the page's month/year filter; none = all). */
export const statementQuerySchema = z.object({
  mes: z.coerce.number({ error: STATEMENT_MSG.mesInvalido }).int(STATEMENT_MSG.mesInvalido).min(1, STATEMENT_MSG.mesInvalido).max(12, STATEMENT_MSG.mesInvalido).optional(),
  ano: z.coerce.number({ error: STATEMENT_MSG.anoInvalido }).int(STATEMENT_MSG.anoInvalido).min(2000, STATEMENT_MSG.anoInvalido).max(2100, STATEMENT_MSG.anoInvalido).optional(),
});

export const benefitSummarySchema = z.object({
  id: z.number().int(),
  nome: z.string(),
  urlImagem: z.string(),
  evento: z.boolean(),
  textoLegal: z.string(),
});

/** One statement entry (spec 001 section 3), newest first. Referral entries show '+valor'. */
export const statementItemSchema = z.object({
  id: z.string(),
  motivo: z.enum(STATEMENT_REASONS),
  valor: z.number().int().describe('Pontos: positivo para créditos, zero ou negativo para resgates e estornos'),
  dataTransacao: z.string().describe('ISO 8601'),
  indicado: z.string().nullable().describe('Indicação (e o estorno dela): e-mail do membro indicado'),
  produto: z.string().nullable().describe('Compra (e o estorno dela): nome do produto verificado'),
  cupom: z.string().nullable().describe('Resgate: o código entregue'),
  numeroCupom: z.number().int().nullable(),
  usoCupom: z.boolean().nullable().describe('Resgate: true quando a loja informou o uso do cupom'),
  dataUsoCupom: z.string().nullable(),
  opcao: z.string().nullable().describe('Resgate de evento com dias: o dia escolhido'),
  beneficio: benefitSummarySchema.nullable(),
});
export type StatementItem = z.infer<typeof statementItemSchema>;
export const statementResponseSchema = z.array(statementItemSchema);
