import { z } from 'zod';
import { absentWhenNull } from './fields.js';
import { int4Id } from './input-guard.js';
export * from './beneficio-constants.js';
import { IDEMPOTENCY_HEADER, BENEFIT_MSG, BLOCK_CODES, BENEFIT_STATES } from './beneficio-constants.js';

// Benefits, coupons and redemption (spec 000 sections 2-5, 7-9). docs/decisions/0009-economy.md

export const benefitOptionSchema = z.object({
  id: z.number().int(),
  nome: z.string().describe("Rótulo do dia, ex.: 'Sábado, 17/01'"),
  data: z.string().describe('AAAA-MM-DD'),
  esgotado: z.boolean(),
});
export type BenefitOption = z.infer<typeof benefitOptionSchema>;

export const redemptionItemSchema = z.object({
  dataResgate: z.string().describe('ISO 8601'),
  usoCupom: z.boolean(),
  dataUsoCupom: z.string().nullable(),
  cupom: z.string(),
  numeroCupom: z.number().int(),
  opcao: benefitOptionSchema.omit({ esgotado: true }).nullable(),
});

/** GET /beneficio items and GET /beneficio/{id} (spec 000 section 3, plus what the cards need). */
export const benefitSchema = z.object({
  id: z.number().int(),
  nome: z.string(),
  tipo: z.string().describe('Cbe, Colaboradores, baseGeral, Missao_Personalizacao, MeninasMalvadas2025, JerseyBoys2025, ParIngressoSpantaRJ ou um hash'),
  descricao: z.string().nullable(),
  urlImagem: z.string(),
  valor: z.number().int().describe('Custo em pontos (1 ponto = 1 indicação confirmada); 0 = gratuito'),
  evento: z.boolean(),
  dataEvento: z.string().nullable().describe('ISO 8601, eventos de um dia só'),
  esgotado: z.boolean(),
  podeResgatar: z.boolean(),
  jaResgatado: z.boolean(),
  multiploResgate: z.boolean(),
  limitePorMembro: z.number().int(),
  textoLegal: z.string(),
  urlBeneficio: z.string().nullable(),
  percentualDesconto: z.number().int().nullable(),
  inicio: z.string().nullable().describe('ISO 8601: antes disso o card fica bloqueado (contagem regressiva)'),
  fim: z.string().nullable(),
  estado: z.enum(BENEFIT_STATES),
  codigoBloqueio: z.enum(BLOCK_CODES).nullable(),
  motivoBloqueio: z.string().nullable().describe('Mensagem em português quando podeResgatar é false'),
  dias: z.array(benefitOptionSchema).describe('Dias do evento (ingresso unificado), cada um com seu estoque; vazio quando não há escolha'),
  resgates: z.array(redemptionItemSchema).describe('Resgates do membro, do mais recente para o mais antigo'),
});
export type Benefit = z.infer<typeof benefitSchema>;
export const benefitsResponseSchema = z.array(benefitSchema);

export const benefitIdParamsSchema = z.object({
  id: z.coerce.number({ error: BENEFIT_MSG.naoEncontrado }).int(BENEFIT_MSG.naoEncontrado).positive(BENEFIT_MSG.naoEncontrado).max(2_147_483_647, BENEFIT_MSG.naoEncontrado),
});

// A JSON body carries numbers: "1" is refused as the document says (integer), not coerced (issue 14).
const idSchema = int4Id;

/**
 * POST /beneficio/resgate. The spec's client sends only idBeneficio after the member ticked the
 * terms box; aceiteTermos: false is refused with the spec's message. idOpcao picks the event day.
 */
export const redemptionBodySchema = z.object({
  idBeneficio: idSchema(BENEFIT_MSG.idBeneficioInvalido),
  idOpcao: absentWhenNull(idSchema(BENEFIT_MSG.opcaoInvalida), { emptyToo: true }),
  aceiteTermos: z.boolean().optional().refine((v) => v !== false, BENEFIT_MSG.termos),
});
export type RedemptionBodyInput = z.input<typeof redemptionBodySchema>;

export const idempotencyKeySchema = z.string().regex(/^[A-Za-z0-9._:-]{8,128}$/, BENEFIT_MSG.chaveInvalida);
export const redemptionHeadersSchema = z.object({ [IDEMPOTENCY_HEADER]: idempotencyKeySchema.optional() });

/** A member's coupon (spec 000 section 3: idBeneficio, cupom, usoCupom, dataUsoCupom, numeroCupom). */
export const couponSchema = z.object({
  idBeneficio: z.number().int(),
  cupom: z.string(),
  usoCupom: z.boolean(),
  dataUsoCupom: z.string().nullable(),
  numeroCupom: z.number().int().describe('Número do resgate (o do ingresso, nos eventos)'),
  dataResgate: z.string(),
  nomeBeneficio: z.string(),
  evento: z.boolean(),
  urlBeneficio: z.string().nullable(),
  opcao: benefitOptionSchema.omit({ esgotado: true }).nullable(),
});
export type Coupon = z.infer<typeof couponSchema>;
export const couponsResponseSchema = z.array(couponSchema);

/** POST /beneficio/resgate answer: the coupon handed out and the balance left. */
export const redemptionResponseSchema = couponSchema.extend({ saldo: z.number().int() });
export type RedemptionResponse = z.infer<typeof redemptionResponseSchema>;

// --- operators ------------------------------------------------------------------------------

/** POST /beneficio/cupom/uso (administrators): the store reports codes as used. */
export const markUsedBodySchema = z.object({
  codigos: z.array(z.string().trim().min(1).max(64)).min(1).max(1000),
  dataUso: z.iso.datetime().optional(),
});
export const markUsedResponseSchema = z.object({
  marcados: z.number().int(),
  naoEncontrados: z.array(z.string()).describe('Códigos desconhecidos ou ainda não entregues a ninguém'),
});
