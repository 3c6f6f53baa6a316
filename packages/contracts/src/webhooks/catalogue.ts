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
  'conta.excluida': {
    descricao: 'Um membro excluiu a conta. Só o identificador vai no evento: apague o que você guarda dele (LGPD).',
    dados: z.object({ membroId: id, excluidaEm: when }),
    exemplo: { membroId: '0b8f6a1e-6f1c-4f3e-9a55-2a8f3c1d9e01', excluidaEm: '2026-11-28T13:00:00.000Z' },
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

/** The body of every delivery (Standard Webhooks' recommended shape). */
export const webhookEnvelopeSchema = z.object({
  type: z.enum(WEBHOOK_EVENT_TYPES),
  version: z.number().int(),
  timestamp: when,
  data: z.record(z.string(), z.unknown()),
});
export type WebhookEnvelope = z.infer<typeof webhookEnvelopeSchema>;
