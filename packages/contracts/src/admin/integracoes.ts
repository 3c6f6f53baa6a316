import { z } from 'zod';
import { INTEGRATION_DEFAULT_RATE, INTEGRATION_MSG, INTEGRATION_ROTATION_HOURS, INTEGRATION_SCOPES } from '../integracao/constants.js';
import { adminPageQuerySchema, adminPageSchema } from './paging.js';

// Back office: Integrações (issue 24 §1; docs/decisions/0041-store-integration.md). The store's
// systems as API clients: name, scopes, a limit per minute, and keys. A key is answered whole only
// by the call that creates it (create, rotate): afterwards it is shown by its public part. Every
// route needs integrations.manage (admin, integracoes); every write is audited.

export const INTEGRATIONS_ADMIN_MSG = {
  nomeObrigatorio: 'Informe o nome da integração (ao menos 3 caracteres).',
  nomeLongo: 'Nome: no máximo 80 caracteres.',
  escoposObrigatorios: 'Escolha ao menos uma permissão para a integração.',
  escopoInvalido: 'Permissão desconhecida. Use pedidos:enviar, cupons:usar, membros:ler, membros:dados ou consentimentos:escrever.',
  limiteInvalido: 'Limite: de 1 a 100.000 chamadas por minuto.',
  janelaInvalida: `Janela: de ${INTEGRATION_ROTATION_HOURS.min} a ${INTEGRATION_ROTATION_HOURS.max} horas (7 dias).`,
  nadaParaAlterar: 'Informe ao menos um campo para alterar.',
  situacaoInvalida: 'Situação inválida (ativas ou revogadas).',
  clienteNaoEncontrado: INTEGRATION_MSG.clienteNaoEncontrado,
  chaveNaoEncontrada: INTEGRATION_MSG.chaveNaoEncontrada,
  clienteRevogado: INTEGRATION_MSG.clienteRevogado,
} as const;

export const INTEGRATION_RATE_MAX = 100_000;

export const integrationParamsSchema = z.object({ id: z.uuid({ error: INTEGRATIONS_ADMIN_MSG.clienteNaoEncontrado }) });
export const integrationKeyParamsSchema = integrationParamsSchema.extend({ chaveId: z.uuid({ error: INTEGRATIONS_ADMIN_MSG.chaveNaoEncontrada }) });

const nameSchema = z
  .string({ error: INTEGRATIONS_ADMIN_MSG.nomeObrigatorio })
  .trim()
  .min(3, INTEGRATIONS_ADMIN_MSG.nomeObrigatorio)
  .max(80, INTEGRATIONS_ADMIN_MSG.nomeLongo);

export const integrationScopeSchema = z.enum(INTEGRATION_SCOPES, { error: INTEGRATIONS_ADMIN_MSG.escopoInvalido });

/** The scopes chosen, without repeats, in INTEGRATION_SCOPES order (what is stored and audited). */
const scopesSchema = z
  .array(integrationScopeSchema, { error: INTEGRATIONS_ADMIN_MSG.escoposObrigatorios })
  .min(1, INTEGRATIONS_ADMIN_MSG.escoposObrigatorios)
  .max(INTEGRATION_SCOPES.length * 2, INTEGRATIONS_ADMIN_MSG.escopoInvalido)
  .transform((list) => INTEGRATION_SCOPES.filter((scope) => list.includes(scope)));

const rateSchema = z
  .number({ error: INTEGRATIONS_ADMIN_MSG.limiteInvalido })
  .int(INTEGRATIONS_ADMIN_MSG.limiteInvalido)
  .min(1, INTEGRATIONS_ADMIN_MSG.limiteInvalido)
  .max(INTEGRATION_RATE_MAX, INTEGRATIONS_ADMIN_MSG.limiteInvalido);

/** POST /api/admin/integracoes. */
export const integrationCreateSchema = z.object({
  nome: nameSchema,
  escopos: scopesSchema,
  limitePorMinuto: rateSchema.default(INTEGRATION_DEFAULT_RATE),
});
export type IntegrationCreate = z.infer<typeof integrationCreateSchema>;

/** PATCH /api/admin/integracoes/{id}: any of the three, at least one. */
export const integrationUpdateSchema = z
  .object({ nome: nameSchema.optional(), escopos: scopesSchema.optional(), limitePorMinuto: rateSchema.optional() })
  .refine((o) => o.nome !== undefined || o.escopos !== undefined || o.limitePorMinuto !== undefined, INTEGRATIONS_ADMIN_MSG.nadaParaAlterar);
export type IntegrationUpdate = z.infer<typeof integrationUpdateSchema>;

/** POST /api/admin/integracoes/{id}/rotacionar: how long the keys in use keep working (hours). */
export const integrationRotateSchema = z.object({
  janelaHoras: z
    .number({ error: INTEGRATIONS_ADMIN_MSG.janelaInvalida })
    .int(INTEGRATIONS_ADMIN_MSG.janelaInvalida)
    .min(INTEGRATION_ROTATION_HOURS.min, INTEGRATIONS_ADMIN_MSG.janelaInvalida)
    .max(INTEGRATION_ROTATION_HOURS.max, INTEGRATIONS_ADMIN_MSG.janelaInvalida)
    .optional(),
});
export type IntegrationRotate = z.infer<typeof integrationRotateSchema>;

export const INTEGRATION_SORTABLE = ['nome', 'criadoEm', 'ultimoUsoEm'] as const;
export const INTEGRATION_LIST_STATES = ['ativas', 'revogadas'] as const;

/** GET /api/admin/integracoes?situacao=&pagina=&ordem=. */
export const integrationListQuerySchema = adminPageQuerySchema(INTEGRATION_SORTABLE).extend({
  situacao: z.enum(INTEGRATION_LIST_STATES, { error: INTEGRATIONS_ADMIN_MSG.situacaoInvalida }).optional(),
});
export type IntegrationListQuery = z.infer<typeof integrationListQuerySchema>;

/** A key's life: live; rotated out but still working until expiraEm; past it; revoked. */
export const INTEGRATION_KEY_STATES = ['ativa', 'em-rotacao', 'expirada', 'revogada'] as const;
export type IntegrationKeyState = (typeof INTEGRATION_KEY_STATES)[number];
export const INTEGRATION_KEY_STATE_LABELS: Record<IntegrationKeyState, string> = {
  ativa: 'Ativa',
  'em-rotacao': 'Em rotação',
  expirada: 'Expirada',
  revogada: 'Revogada',
};

/** One client in the list. */
export const integrationSummarySchema = z.object({
  id: z.string(),
  nome: z.string(),
  escopos: z.array(z.enum(INTEGRATION_SCOPES)),
  limitePorMinuto: z.number().int(),
  criadoEm: z.string(),
  revogadoEm: z.string().nullable(),
  /** Last accepted call (written at most once a minute per key) and the address it came from. */
  ultimoUsoEm: z.string().nullable(),
  ultimoUsoIp: z.string().nullable(),
  /** Keys that work now (live or in their rotation window). */
  chavesAtivas: z.number().int(),
});
export type IntegrationSummary = z.infer<typeof integrationSummarySchema>;
export const integrationListSchema = adminPageSchema(integrationSummarySchema);
export type IntegrationList = z.infer<typeof integrationListSchema>;

export const integrationKeySchema = z.object({
  id: z.string(),
  /** The key's public part only: `lgk_live_<id>…`. */
  chave: z.string(),
  estado: z.enum(INTEGRATION_KEY_STATES),
  criadaEm: z.string(),
  expiraEm: z.string().nullable(),
  revogadaEm: z.string().nullable(),
  ultimoUsoEm: z.string().nullable(),
});
export type IntegrationKey = z.infer<typeof integrationKeySchema>;

export const STORE_ORDER_STATES = ['pago', 'cancelado'] as const;
export const STORE_ORDER_OUTCOMES = ['aplicado', 'pendente', 'cancelado'] as const;
export type StoreOrderState = (typeof STORE_ORDER_STATES)[number];
export type StoreOrderOutcome = (typeof STORE_ORDER_OUTCOMES)[number];
/** What the store said of the order. */
export const STORE_ORDER_STATE_LABELS: Record<StoreOrderState, string> = { pago: 'Pago', cancelado: 'Cancelado' };
/** What became of it here. */
export const STORE_ORDER_OUTCOME_LABELS: Record<StoreOrderOutcome, string> = {
  aplicado: 'Aplicado ao membro',
  pendente: 'Aguardando o cadastro do comprador',
  cancelado: 'Cancelado',
};

/** One of the last orders a client sent (pedido_loja). */
export const integrationOrderSchema = z.object({
  pedido: z.string(),
  canal: z.string(),
  estado: z.enum(STORE_ORDER_STATES),
  situacao: z.enum(STORE_ORDER_OUTCOMES),
  recebidoEm: z.string(),
  aplicadoEm: z.string().nullable(),
  canceladoEm: z.string().nullable(),
});
export type IntegrationOrder = z.infer<typeof integrationOrderSchema>;

/** How many of a client's last orders its page shows. */
export const INTEGRATION_LAST_ORDERS = 50;

/** GET /api/admin/integracoes/{id}: the client, its keys (newest first) and its last orders. */
export const integrationDetailSchema = integrationSummarySchema.extend({
  criadoPor: z.object({ id: z.string(), nome: z.string(), email: z.string() }).nullable(),
  chaves: z.array(integrationKeySchema),
  pedidos: z.array(integrationOrderSchema),
});
export type IntegrationDetail = z.infer<typeof integrationDetailSchema>;

/** Create and rotate: the client, and the new key whole. The only time it is ever answered. */
export const integrationNewKeySchema = z.object({
  cliente: integrationDetailSchema,
  chave: z.string(),
});
export type IntegrationNewKey = z.infer<typeof integrationNewKeySchema>;
