import { z } from 'zod';
import { absentWhenNull } from './fields.js';
import { int4Id } from './input-guard.js';
export * from './beneficio-constantes.js';
import { IDEMPOTENCY_HEADER, BENEFICIO_MSG, CODIGOS_BLOQUEIO, ESTADOS_BENEFICIO } from './beneficio-constantes.js';

// Benefits, coupons and redemption (spec 000 sections 2-5, 7-9). docs/decisions/0009-economy.md

export const opcaoBeneficioSchema = z.object({
  id: z.number().int(),
  nome: z.string().describe("Rótulo do dia, ex.: 'Sábado, 17/01'"),
  data: z.string().describe('AAAA-MM-DD'),
  esgotado: z.boolean(),
});
export type OpcaoBeneficio = z.infer<typeof opcaoBeneficioSchema>;

export const resgateItemSchema = z.object({
  dataResgate: z.string().describe('ISO 8601'),
  usoCupom: z.boolean(),
  dataUsoCupom: z.string().nullable(),
  cupom: z.string(),
  numeroCupom: z.number().int(),
  opcao: opcaoBeneficioSchema.omit({ esgotado: true }).nullable(),
});

/** GET /beneficio items and GET /beneficio/{id} (spec 000 section 3, plus what the cards need). */
export const beneficioSchema = z.object({
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
  estado: z.enum(ESTADOS_BENEFICIO),
  codigoBloqueio: z.enum(CODIGOS_BLOQUEIO).nullable(),
  motivoBloqueio: z.string().nullable().describe('Mensagem em português quando podeResgatar é false'),
  dias: z.array(opcaoBeneficioSchema).describe('Dias do evento (ingresso unificado), cada um com seu estoque; vazio quando não há escolha'),
  resgates: z.array(resgateItemSchema).describe('Resgates do membro, do mais recente para o mais antigo'),
});
export type Beneficio = z.infer<typeof beneficioSchema>;
export const beneficiosResponseSchema = z.array(beneficioSchema);

export const beneficioIdParamsSchema = z.object({
  id: z.coerce.number({ error: BENEFICIO_MSG.naoEncontrado }).int(BENEFICIO_MSG.naoEncontrado).positive(BENEFICIO_MSG.naoEncontrado).max(2_147_483_647, BENEFICIO_MSG.naoEncontrado),
});

// A JSON body carries numbers: "1" is refused as the document says (integer), not coerced (issue 14).
const idSchema = int4Id;

/**
 * POST /beneficio/resgate. The spec's client sends only idBeneficio after the member ticked the
 * terms box; aceiteTermos: false is refused with the spec's message. idOpcao picks the event day.
 */
export const resgateBodySchema = z.object({
  idBeneficio: idSchema(BENEFICIO_MSG.idBeneficioInvalido),
  idOpcao: absentWhenNull(idSchema(BENEFICIO_MSG.opcaoInvalida), { emptyToo: true }),
  aceiteTermos: z.boolean().optional().refine((v) => v !== false, BENEFICIO_MSG.termos),
});
export type ResgateBodyInput = z.input<typeof resgateBodySchema>;

export const idempotencyKeySchema = z.string().regex(/^[A-Za-z0-9._:-]{8,128}$/, BENEFICIO_MSG.chaveInvalida);
export const resgateHeadersSchema = z.object({ [IDEMPOTENCY_HEADER]: idempotencyKeySchema.optional() });

/** A member's coupon (spec 000 section 3: idBeneficio, cupom, usoCupom, dataUsoCupom, numeroCupom). */
export const cupomSchema = z.object({
  idBeneficio: z.number().int(),
  cupom: z.string(),
  usoCupom: z.boolean(),
  dataUsoCupom: z.string().nullable(),
  numeroCupom: z.number().int().describe('Número do resgate (o do ingresso, nos eventos)'),
  dataResgate: z.string(),
  nomeBeneficio: z.string(),
  evento: z.boolean(),
  urlBeneficio: z.string().nullable(),
  opcao: opcaoBeneficioSchema.omit({ esgotado: true }).nullable(),
});
export type Cupom = z.infer<typeof cupomSchema>;
export const cuponsResponseSchema = z.array(cupomSchema);

/** POST /beneficio/resgate answer: the coupon handed out and the balance left. */
export const resgateResponseSchema = cupomSchema.extend({ saldo: z.number().int() });
export type ResgateResponse = z.infer<typeof resgateResponseSchema>;

// --- operators ------------------------------------------------------------------------------

/** POST /beneficio/cupom/uso (administrators): the store reports codes as used. */
export const marcarUsoBodySchema = z.object({
  codigos: z.array(z.string().trim().min(1).max(64)).min(1).max(1000),
  dataUso: z.iso.datetime().optional(),
});
export const marcarUsoResponseSchema = z.object({
  marcados: z.number().int(),
  naoEncontrados: z.array(z.string()).describe('Códigos desconhecidos ou ainda não entregues a ninguém'),
});
