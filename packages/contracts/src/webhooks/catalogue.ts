import { z } from 'zod';

// The portal's outgoing events (issue 25; docs/decisions/0042-webhooks.md). Each type: when it fires,
// its payload (version 1) and an example. The database writes the events (triggers on the tables
// whose change is the event, in the same transaction), so the payloads here are what those triggers
// build: only identifiers and the facts of the event, never a name, e-mail, CPF or address (LGPD).
// A breaking change of a payload is a new version, sent beside the old one.

const id = z.string().describe('Identificador (uuid)');
const when = z.string().describe('Data e hora (ISO 8601, UTC)');

export const WEBHOOK_EVENTS = {
  'membro.ativado': {
    descricao: 'Um cadastro foi ativado (e-mail confirmado ou cadastro social).',
    dados: z.object({ membroId: id, tipo: z.enum(['legionario', 'colaborador', 'lead']), ativadoEm: when }),
    exemplo: { membroId: '0b8f6a1e-6f1c-4f3e-9a55-2a8f3c1d9e01', tipo: 'legionario', ativadoEm: '2026-11-28T12:00:00.000Z' },
  },
  'compra.verificada': {
    descricao: 'Uma compra foi verificada pela marca (importação, integração da loja ou equipe).',
    dados: z.object({
      compraId: id,
      membroId: id,
      produtoId: z.number().int(),
      quantidade: z.number().int(),
      dataCompra: z.string().describe('AAAA-MM-DD'),
      codigoPedido: z.string().nullable(),
      origem: z.enum(['importacao', 'integracao', 'equipe']).nullable(),
    }),
    exemplo: {
      compraId: '5d0c1f7e-2b7a-4c1e-8c64-0f6f2f0e9a10',
      membroId: '0b8f6a1e-6f1c-4f3e-9a55-2a8f3c1d9e01',
      produtoId: 12,
      quantidade: 1,
      dataCompra: '2026-11-20',
      codigoPedido: 'LOJA-100231',
      origem: 'integracao',
    },
  },
  'compra.cancelada': {
    descricao: 'Uma compra verificada foi cancelada ou estornada pela loja: sai da coleção e o crédito é estornado.',
    dados: z.object({ compraId: id, membroId: id, produtoId: z.number().int(), codigoPedido: z.string().nullable(), canceladaEm: when }),
    exemplo: {
      compraId: '5d0c1f7e-2b7a-4c1e-8c64-0f6f2f0e9a10',
      membroId: '0b8f6a1e-6f1c-4f3e-9a55-2a8f3c1d9e01',
      produtoId: 12,
      codigoPedido: 'LOJA-100231',
      canceladaEm: '2026-11-29T09:30:00.000Z',
    },
  },
  'indicacao.confirmada': {
    descricao: 'Uma indicação foi confirmada: o indicado ativou o cadastro e tem uma compra verificada.',
    dados: z.object({ indicacaoId: id, indicadorId: id.nullable(), indicadoId: id.nullable(), confirmadaEm: when }),
    exemplo: {
      indicacaoId: '9a1d3c55-7b2e-4c8f-a1d0-3e5f7a9b1c2d',
      indicadorId: '0b8f6a1e-6f1c-4f3e-9a55-2a8f3c1d9e01',
      indicadoId: '7c2e9f10-1a3b-4d5e-8f60-718293a4b5c6',
      confirmadaEm: '2026-11-28T12:05:00.000Z',
    },
  },
  'beneficio.resgatado': {
    descricao: 'Um membro resgatou um benefício com o seu saldo.',
    dados: z.object({ resgateId: z.number().int(), membroId: id, beneficioId: z.number().int(), opcaoId: z.number().int().nullable(), valor: z.number().int(), resgatadoEm: when }),
    exemplo: { resgateId: 4120, membroId: '0b8f6a1e-6f1c-4f3e-9a55-2a8f3c1d9e01', beneficioId: 3, opcaoId: null, valor: 150, resgatadoEm: '2026-11-28T12:10:00.000Z' },
  },
  'saldo.alterado': {
    descricao: 'O saldo de um membro mudou (compra, indicação, resgate, ajuste da equipe ou estorno).',
    dados: z.object({
      lancamentoId: id,
      membroId: id,
      motivo: z.enum(['compra', 'indicacao', 'enriquecimento_perfil', 'resgate_beneficio', 'ajuste', 'estorno']),
      valor: z.number().int().describe('Variação, em pontos (negativa num débito)'),
      saldo: z.number().int().describe('Saldo logo depois deste lançamento, como a transação dele o vê (com duas mudanças simultâneas do mesmo membro, some os valor)'),
      data: when,
    }),
    exemplo: { lancamentoId: 'e4b1c2d3-5f6a-4b7c-8d9e-0f1a2b3c4d5e', membroId: '0b8f6a1e-6f1c-4f3e-9a55-2a8f3c1d9e01', motivo: 'compra', valor: 100, saldo: 250, data: '2026-11-28T12:00:01.000Z' },
  },
  'pesquisa.respondida': {
    descricao: 'Um membro concluiu uma pesquisa.',
    dados: z.object({ pesquisaId: z.number().int(), membroId: id, concluidaEm: when }),
    exemplo: { pesquisaId: 2, membroId: '0b8f6a1e-6f1c-4f3e-9a55-2a8f3c1d9e01', concluidaEm: '2026-11-28T12:20:00.000Z' },
  },
  'membro.atualizado': {
    descricao:
      'O perfil ou os consentimentos de um membro ativo mudaram (no portal, pela equipe ou pelo CRM). campos diz o quê; os consentimentos vêm sempre, para uma retirada chegar sem outra chamada. Os dados em si: GET /api/integracao/v1/membros/{id} (escopo membros:dados) ou o bloco membro do endpoint.',
    dados: z.object({
      membroId: id,
      campos: z
        .array(z.enum(['email', 'nome', 'celular', 'tipo', 'ativo', 'consentimentos.email', 'consentimentos.sms', 'consentimentos.whatsapp']))
        .describe('Os campos que mudaram, com os nomes da API (consentimentos.email, consentimentos.sms, consentimentos.whatsapp)'),
      consentimentos: z.object({ email: z.boolean(), sms: z.boolean(), whatsapp: z.boolean() }).describe('Os consentimentos do membro depois da mudança'),
      alteradoEm: when,
    }),
    exemplo: {
      membroId: '0b8f6a1e-6f1c-4f3e-9a55-2a8f3c1d9e01',
      campos: ['consentimentos.sms', 'consentimentos.whatsapp'],
      consentimentos: { email: true, sms: false, whatsapp: false },
      alteradoEm: '2026-11-28T12:30:00.000Z',
    },
  },
  'conta.excluida': {
    descricao: 'Um membro excluiu a conta. Só o identificador vai no evento (nunca o bloco membro): apague o que você guarda dele (LGPD).',
    dados: z.object({ membroId: id, excluidaEm: when }),
    exemplo: { membroId: '0b8f6a1e-6f1c-4f3e-9a55-2a8f3c1d9e01', excluidaEm: '2026-11-28T13:00:00.000Z' },
  },
  'lancamento.acesso_aberto': {
    descricao:
      'Um membro elegível ganhou o acesso antecipado pessoal a um lançamento: na primeira vez que viu o lançamento na janela, ou no primeiro pedido da loja que usou a cota. Uma vez por membro e lançamento. O código pessoal não vem no evento (é uma credencial).',
    dados: z.object({
      membroId: id,
      slug: z.string().describe('O lançamento (o slug de GET /api/integracao/v1/lancamentos/{slug}/direito)'),
      cotaTotal: z.number().int().describe('Unidades que o membro pode comprar no acesso antecipado'),
      abertoEm: when,
    }),
    exemplo: { membroId: '0b8f6a1e-6f1c-4f3e-9a55-2a8f3c1d9e01', slug: 'garrafa-termica-areia', cotaTotal: 2, abertoEm: '2026-12-01T03:00:05.000Z' },
  },
  'lancamento.cota_esgotada': {
    descricao:
      'Um membro usou toda a cota do acesso antecipado de um lançamento (pedidos da loja na janela). Uma vez a cada vez que a cota se esgota: se um cancelamento devolver unidades e ela se esgotar de novo, outro evento.',
    dados: z.object({
      membroId: id,
      slug: z.string().describe('O lançamento'),
      cotaTotal: z.number().int(),
      cotaUsada: z.number().int().describe('Unidades usadas depois do pedido que esgotou a cota'),
      esgotadaEm: when,
    }),
    exemplo: { membroId: '0b8f6a1e-6f1c-4f3e-9a55-2a8f3c1d9e01', slug: 'garrafa-termica-areia', cotaTotal: 2, cotaUsada: 2, esgotadaEm: '2026-12-01T03:02:11.000Z' },
  },
  'webhook.teste': {
    descricao: 'Evento de teste, enviado pelo botão "Enviar teste" do back office a um endpoint.',
    dados: z.object({ mensagem: z.string(), endpointId: id }),
    exemplo: { mensagem: 'Evento de teste do Legião.', endpointId: '3f2e1d0c-9b8a-4765-8432-10fedcba9876' },
  },
} as const;

export type WebhookEventType = keyof typeof WEBHOOK_EVENTS;
export const WEBHOOK_EVENT_TYPES = Object.keys(WEBHOOK_EVENTS) as [WebhookEventType, ...WebhookEventType[]];
/** The types an endpoint may subscribe to (the test event goes only where it is asked for). */
export const WEBHOOK_SUBSCRIBABLE_TYPES = WEBHOOK_EVENT_TYPES.filter((t) => t !== 'webhook.teste') as [WebhookEventType, ...WebhookEventType[]];
/** The payloads' version: the envelope's `version`. */
export const WEBHOOK_PAYLOAD_VERSION = 1;

/**
 * The optional member block (docs/decisions/0045-crm-personal-data.md): an endpoint with
 * incluirMembro receives, next to `data`, the member the event names as they are at delivery (read
 * then, never stored in the event). Absent when the event names no member (membroId) or the account
 * was deleted, and on conta.excluida.
 */
export const webhookMemberBlockSchema = z.object({
  id,
  email: z.string(),
  nome: z.string(),
  tipo: z.enum(['legionario', 'colaborador', 'lead']),
  ativo: z.boolean().describe('A conta foi ativada e não está bloqueada'),
  consentimentos: z.object({
    email: z.object({ concedido: z.boolean(), em: when.nullable() }),
    sms: z.object({ concedido: z.boolean(), em: when.nullable() }),
    whatsapp: z.object({ concedido: z.boolean(), em: when.nullable() }),
  }),
});
export type WebhookMemberBlock = z.infer<typeof webhookMemberBlockSchema>;
export const WEBHOOK_MEMBER_BLOCK = {
  descricao:
    'Opcional, por endpoint (incluir dados do membro): o corpo traz também `membro` ao lado de `data`, com o membro que o evento cita como ele está na hora da entrega (id, e-mail, nome, tipo, ativo e consentimentos). Não vem em eventos sem membroId, nem se a conta foi excluída, nem em conta.excluida. Cada entrega com o bloco fica registrada na lista de leituras do membro (LGPD).',
  exemplo: {
    id: '0b8f6a1e-6f1c-4f3e-9a55-2a8f3c1d9e01',
    email: 'joana@exemplo.com.br',
    nome: 'Joana Silva',
    tipo: 'legionario',
    ativo: true,
    consentimentos: { email: { concedido: true, em: '2026-11-01T10:00:00.000Z' }, sms: { concedido: false, em: '2026-11-28T12:30:00.000Z' }, whatsapp: { concedido: false, em: null } },
  } satisfies WebhookMemberBlock,
} as const;

/** The body of every delivery (Standard Webhooks' recommended shape). */
export const webhookEnvelopeSchema = z.object({
  type: z.enum(WEBHOOK_EVENT_TYPES),
  version: z.number().int(),
  timestamp: when,
  data: z.record(z.string(), z.unknown()),
  /** Only for endpoints with incluirMembro, on events naming a member who still has an account. */
  membro: webhookMemberBlockSchema.optional(),
});
export type WebhookEnvelope = z.infer<typeof webhookEnvelopeSchema>;

