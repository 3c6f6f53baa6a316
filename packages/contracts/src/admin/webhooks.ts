import { z } from 'zod';
import { WEBHOOK_EVENT_TYPES, WEBHOOK_SUBSCRIBABLE_TYPES } from '../webhooks/catalogue.js';
import { adminPageQuerySchema, adminPageSchema } from './paging.js';

// Back office: Integrações › Webhooks (issue 25; docs/decisions/0042-webhooks.md). Endpoints that
// receive the portal's events, signed as Standard Webhooks; their deliveries, retried for days,
// retried again or replayed by hand. Every route needs integrations.manage; every write is audited
// (without the secret).

export const WEBHOOKS_MSG = {
  urlInvalida: 'Informe a URL do endpoint (https://...).',
  urlHttps: 'A URL do endpoint precisa começar com https://.',
  urlLonga: 'URL: no máximo 2.000 caracteres.',
  urlComCredenciais: 'A URL não pode ter usuário e senha: o endpoint confere a assinatura de cada entrega.',
  urlPrivada: 'Esse endereço não é aceito: ele aponta para a rede interna (loopback, rede privada, link-local ou metadados da nuvem).',
  urlNaoResolve: 'Não encontramos esse endereço (o nome não resolve). Confira a URL.',
  descricaoLonga: 'Descrição: no máximo 200 caracteres.',
  tiposObrigatorios: 'Escolha ao menos um tipo de evento (ou todos).',
  tipoInvalido: 'Tipo de evento desconhecido. Veja o catálogo de eventos.',
  nadaParaAlterar: 'Informe ao menos um campo para alterar.',
  endpointNaoEncontrado: 'Endpoint não encontrado.',
  entregaNaoEncontrada: 'Entrega não encontrada.',
  entregaNaoReenviavel: 'Essa entrega já está na fila: espere a tentativa em andamento.',
  statusInvalido: 'Status inválido (pendente, entregue ou falhou).',
  dataInvalida: 'Data inválida (use AAAA-MM-DD ou data e hora ISO).',
  desdeObrigatorio: 'Informe a partir de quando reenviar as entregas que falharam.',
  filaIndisponivel: 'Não conseguimos enfileirar agora. Tente de novo em instantes.',
  incluirMembroInvalido: 'incluirMembro deve ser true ou false.',
} as const;

export const webhookParamsSchema = z.object({ id: z.uuid({ error: WEBHOOKS_MSG.endpointNaoEncontrado }) });
export const webhookDeliveryParamsSchema = webhookParamsSchema.extend({ entregaId: z.uuid({ error: WEBHOOKS_MSG.entregaNaoEncontrada }) });

const urlSchema = z
  .string({ error: WEBHOOKS_MSG.urlInvalida })
  .trim()
  .min(1, WEBHOOKS_MSG.urlInvalida)
  .max(2000, WEBHOOKS_MSG.urlLonga)
  .refine((s) => URL.canParse(s) && /^https?:$/.test(new URL(s).protocol), WEBHOOKS_MSG.urlInvalida)
  .refine((s) => !URL.canParse(s) || (new URL(s).username === '' && new URL(s).password === ''), WEBHOOKS_MSG.urlComCredenciais);

const descriptionSchema = z.string({ error: WEBHOOKS_MSG.descricaoLonga }).trim().max(200, WEBHOOKS_MSG.descricaoLonga);

/** The types chosen, without repeats, in catalogue order; an empty list means every type. */
const typesSchema = z
  .array(z.enum(WEBHOOK_SUBSCRIBABLE_TYPES, { error: WEBHOOKS_MSG.tipoInvalido }), { error: WEBHOOKS_MSG.tiposObrigatorios })
  .max(WEBHOOK_SUBSCRIBABLE_TYPES.length * 2, WEBHOOKS_MSG.tipoInvalido)
  .transform((list) => WEBHOOK_SUBSCRIBABLE_TYPES.filter((t) => list.includes(t)));

/** POST /api/admin/integracoes/webhooks. `tipos: []` subscribes to every type, present and future. */
export const webhookCreateSchema = z.object({
  url: urlSchema,
  descricao: descriptionSchema.default(''),
  tipos: typesSchema,
  /** Member events carry the member's id, e-mail, name, kind and consents, read at delivery (ADR 0045). */
  incluirMembro: z.boolean({ error: WEBHOOKS_MSG.incluirMembroInvalido }).optional(),
});
export type WebhookCreate = z.infer<typeof webhookCreateSchema>;

/** PATCH /api/admin/integracoes/webhooks/{id}: any of these, at least one; `pausado` pauses or resumes. */
export const webhookUpdateSchema = z
  .object({
    url: urlSchema.optional(),
    descricao: descriptionSchema.optional(),
    tipos: typesSchema.optional(),
    incluirMembro: z.boolean({ error: WEBHOOKS_MSG.incluirMembroInvalido }).optional(),
    pausado: z.boolean({ error: WEBHOOKS_MSG.nadaParaAlterar }).optional(),
  })
  .refine((o) => Object.values(o).some((v) => v !== undefined), WEBHOOKS_MSG.nadaParaAlterar);
export type WebhookUpdate = z.infer<typeof webhookUpdateSchema>;

/** An endpoint, as listed and shown (never its secret, only its start: `whsec_AbC…`). */
export const webhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  descricao: z.string(),
  tipos: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  /** Member events carry the `membro` block (personal data, read at delivery; ADR 0045). */
  incluirMembro: z.boolean(),
  segredoInicio: z.string(),
  /** The previous secret still signs beside the new one until then (a rotation's 24 hours). */
  segredoAnteriorAte: z.string().nullable(),
  pausadoEm: z.string().nullable(),
  motivoPausa: z.string().nullable(),
  /** First failure of the current run of failures (null when the last delivery went through). */
  falhandoDesde: z.string().nullable(),
  criadoEm: z.string(),
  entregas: z.object({ pendentes: z.number().int(), entregues: z.number().int(), falharam: z.number().int() }),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;
export const webhookEndpointListSchema = z.object({ itens: z.array(webhookEndpointSchema) });
export type WebhookEndpointList = z.infer<typeof webhookEndpointListSchema>;

/** Create and rotate: the endpoint and its new secret, whole. The only time it is answered. */
export const webhookNewSecretSchema = z.object({ endpoint: webhookEndpointSchema, segredo: z.string() });
export type WebhookNewSecret = z.infer<typeof webhookNewSecretSchema>;

export const WEBHOOK_DELIVERY_STATES = ['pendente', 'entregue', 'falhou'] as const;
export type WebhookDeliveryState = (typeof WEBHOOK_DELIVERY_STATES)[number];
export const WEBHOOK_DELIVERY_STATE_LABELS: Record<WebhookDeliveryState, string> = { pendente: 'Pendente', entregue: 'Entregue', falhou: 'Falhou' };

const dateSchema = z
  .string({ error: WEBHOOKS_MSG.dataInvalida })
  .refine((s) => /^\d{4}-\d{2}-\d{2}/.test(s) && !Number.isNaN(Date.parse(s)), WEBHOOKS_MSG.dataInvalida);

/** GET /api/admin/integracoes/webhooks/{id}/entregas?tipo=&status=&de=&ate=&pagina=. */
export const webhookDeliveryQuerySchema = adminPageQuerySchema(['criadoEm'] as const).extend({
  tipo: z.enum(WEBHOOK_EVENT_TYPES, { error: WEBHOOKS_MSG.tipoInvalido }).optional(),
  status: z.enum(WEBHOOK_DELIVERY_STATES, { error: WEBHOOKS_MSG.statusInvalido }).optional(),
  de: dateSchema.optional(),
  ate: dateSchema.optional(),
});
export type WebhookDeliveryQuery = z.infer<typeof webhookDeliveryQuerySchema>;

export const webhookDeliverySchema = z.object({
  id: z.string(),
  /** The event's id: the `webhook-id` header, the same on every attempt. */
  eventoId: z.string(),
  tipo: z.enum(WEBHOOK_EVENT_TYPES),
  status: z.enum(WEBHOOK_DELIVERY_STATES),
  tentativas: z.number().int(),
  proximaTentativa: z.string().nullable(),
  ultimoCodigo: z.number().int().nullable(),
  /** The first KB of the last answer's body. */
  ultimaResposta: z.string().nullable(),
  ultimoErro: z.string().nullable(),
  criadoEm: z.string(),
  entregueEm: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
export const webhookDeliveryListSchema = adminPageSchema(webhookDeliverySchema);
export type WebhookDeliveryList = z.infer<typeof webhookDeliveryListSchema>;

/** POST /api/admin/integracoes/webhooks/{id}/entregas/reenviar: every failed delivery since `desde`. */
export const webhookReplaySchema = z.object({ desde: dateSchema });
export const webhookReplayResultSchema = z.object({ reenviadas: z.number().int() });

/** GET /api/admin/integracoes/webhooks/eventos: the catalogue. */
export const webhookCatalogueSchema = z.object({
  versao: z.number().int(),
  eventos: z.array(
    z.object({
      tipo: z.enum(WEBHOOK_EVENT_TYPES),
      descricao: z.string(),
      /** JSON Schema of `data`. */
      esquema: z.record(z.string(), z.unknown()),
      exemplo: z.record(z.string(), z.unknown()),
    }),
  ),
  /** The optional `membro` block next to `data` (endpoints with incluirMembro; ADR 0045). */
  membro: z.object({ descricao: z.string(), esquema: z.record(z.string(), z.unknown()), exemplo: z.record(z.string(), z.unknown()) }),
});
export type WebhookCatalogue = z.infer<typeof webhookCatalogueSchema>;
