import { z } from 'zod';
import { cpfSchema, emailSchema } from '../fields.js';
import { errorResponseSchema } from '../errors.js';
import { MSG } from '../messages.js';
import { INTEGRATION_MAX_ORDERS } from './constants.js';

// The store's orders in (docs/decisions/0041-store-integration.md): POST /api/integracao/v1/pedidos
// takes up to 1,000 orders and answers each one; GET /api/integracao/v1/pedidos/{pedido} reads one.
// The envelope is checked as a whole (400); each order alone, so one bad order never refuses the
// others: it comes back `recusado` with its errors field by field.

/** What the store says of an order: paid, or cancelled/refunded. */
export const ORDER_STATES = ['pago', 'cancelado'] as const;
export type OrderState = (typeof ORDER_STATES)[number];

/**
 * What became of each order of a call:
 * - aplicado: verified purchases, legion numbers and points are the member's;
 * - pendente: nobody has an active account with that e-mail or CPF yet; applied when they activate one;
 * - recebido: this order was received before with the same content (a retry): nothing changed;
 * - cancelado: the order is cancelled; what it gave (if it was applied) was reversed;
 * - conflito: this order id was received before with other content (erros names the fields);
 * - recusado: the order is invalid (erros, field by field); nothing was kept.
 */
export const ORDER_OUTCOMES = ['aplicado', 'pendente', 'recebido', 'cancelado', 'conflito', 'recusado'] as const;
export type OrderOutcome = (typeof ORDER_OUTCOMES)[number];

/** Where a kept order stands (GET). */
export const ORDER_SITUATIONS = ['aplicado', 'pendente', 'cancelado'] as const;
export type OrderSituation = (typeof ORDER_SITUATIONS)[number];

export const ORDER_LIMITS = { pedido: 80, canal: 60, sku: 64, itens: 100, quantidade: 99 } as const;

export const ORDERS_MSG = {
  envelope: `Envie um objeto com a lista "pedidos": de 1 a ${INTEGRATION_MAX_ORDERS.toLocaleString('pt-BR')} pedidos por chamada.`,
  pedidoInvalido: 'Envie um objeto JSON para cada pedido.',
  pedido: `Informe o número do pedido na loja (de 1 a ${ORDER_LIMITS.pedido} caracteres).`,
  pedidoRepetido: 'Este pedido aparece mais de uma vez nesta chamada: envie cada pedido uma vez (uma mudança de estado vai na chamada seguinte).',
  email: MSG.emailInvalido,
  cpf: MSG.cpfInvalido,
  emailOuCpf: 'Informe o e-mail ou o CPF de quem comprou.',
  data: 'Data inválida: use AAAA-MM-DD (ou data e hora ISO 8601, como 2026-03-14T15:20:00-03:00).',
  dataFutura: 'A data do pedido está no futuro.',
  dataAntiga: 'A data do pedido é anterior a 1950.',
  canal: `Informe o canal ou a loja (de 1 a ${ORDER_LIMITS.canal} caracteres), por exemplo "Site oficial" ou "Loja Shopping Iguatemi".`,
  itens: `Informe de 1 a ${ORDER_LIMITS.itens} itens.`,
  item: 'Envie cada item como um objeto com sku, quantidade e quantidadePresente.',
  sku: `Informe o SKU do produto (até ${ORDER_LIMITS.sku} caracteres).`,
  skuRepetido: 'SKU repetido neste pedido: some as quantidades num item só.',
  skuDesconhecido: (sku: string) => `SKU não encontrado no catálogo: "${sku}".`,
  quantidade: `Quantidade: um número inteiro de 1 a ${ORDER_LIMITS.quantidade}.`,
  quantidadePresente: 'Quantidade para presente: um número inteiro de 0 até a quantidade do item.',
  estado: 'Estado: "pago" ou "cancelado".',
  membrosDiferentes: 'O e-mail e o CPF são de membros diferentes.',
  outroMembro: 'Este número de pedido já está registrado para outro membro.',
  falhou: 'Não foi possível registrar este pedido agora: envie-o de novo mais tarde (nada foi gravado).',
  diferente: (what: string) => `Diferente do pedido recebido antes com este número: ${what}.`,
  jaCancelado: 'Este pedido já foi cancelado: não volta a pago.',
  conflitoUnico: 'Este pedido já foi recebido com outro conteúdo.',
  naoEncontrado: 'Pedido não encontrado.',
  chaveIdempotencia: 'Idempotency-Key: de 8 a 128 letras, números ou . _ : -',
  chaveOutroCorpo: 'Esta Idempotency-Key já foi usada com outro conteúdo: use uma chave nova para outra chamada.',
  chaveEmAndamento: 'Uma chamada com esta Idempotency-Key ainda está em andamento: aguarde a resposta dela.',
} as const;

const MIN_DATE = '1950-01-01';
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;
/** A clock of the store a few minutes ahead of ours is not a date in the future. */
const CLOCK_SLACK_MS = 5 * 60_000;
/** The latest calendar day anywhere in Brazil (Fernando de Noronha, UTC-2). */
const latestBrazilianDay = (now: number) => new Date(now - 2 * 3600_000).toISOString().slice(0, 10);

const realDay = (y: number, m: number, d: number) => {
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
};

/**
 * The purchase day: 'YYYY-MM-DD', or an ISO 8601 date and time with its offset (its day as the
 * store wrote it). Not in the future: a date up to the latest day in Brazil, a date and time up to
 * now (a few minutes of clock slack).
 */
export const orderDateSchema = z
  .string({ error: ORDERS_MSG.data })
  .trim()
  .transform((s, ctx) => {
    const m = DATE_ONLY.exec(s) ?? DATE_TIME.exec(s);
    if (!m || !realDay(Number(m[1]), Number(m[2]), Number(m[3])) || (s.length > 10 && Number.isNaN(Date.parse(s)))) {
      ctx.addIssue({ code: 'custom', message: ORDERS_MSG.data });
      return z.NEVER;
    }
    const day = s.slice(0, 10);
    const now = Date.now();
    const future = s.length === 10 ? day > latestBrazilianDay(now) : Date.parse(s) > now + CLOCK_SLACK_MS;
    if (future) ctx.addIssue({ code: 'custom', message: ORDERS_MSG.dataFutura });
    else if (day < MIN_DATE) ctx.addIssue({ code: 'custom', message: ORDERS_MSG.dataAntiga });
    return day;
  })
  .describe('Dia da compra: AAAA-MM-DD, ou data e hora ISO 8601 com fuso (vale o dia como escrito). Não pode estar no futuro.')
  .meta({ example: '2026-03-14' });

const quantity = z
  .number({ error: ORDERS_MSG.quantidade })
  .int(ORDERS_MSG.quantidade)
  .min(1, ORDERS_MSG.quantidade)
  .max(ORDER_LIMITS.quantidade, ORDERS_MSG.quantidade);

export const orderItemSchema = z
  .object(
    {
      sku: z
        .string({ error: ORDERS_MSG.sku })
        .trim()
        .min(1, ORDERS_MSG.sku)
        .max(ORDER_LIMITS.sku, ORDERS_MSG.sku)
        .describe('O SKU do produto no catálogo da marca (maiúsculas e minúsculas não importam).')
        .meta({ example: 'HID-GARRAFA750-PRETO' }),
      quantidade: quantity.describe('Unidades compradas: cada uma recebe um número da Legião.').meta({ example: 2 }),
      quantidadePresente: z
        .number({ error: ORDERS_MSG.quantidadePresente })
        .int(ORDERS_MSG.quantidadePresente)
        .min(0, ORDERS_MSG.quantidadePresente)
        .max(ORDER_LIMITS.quantidade, ORDERS_MSG.quantidadePresente)
        .default(0)
        .describe('Quantas dessas unidades foram compradas para presente (0 até quantidade).')
        .meta({ example: 0 }),
    },
    { error: ORDERS_MSG.item },
  )
  .refine((i) => i.quantidadePresente <= i.quantidade, { message: ORDERS_MSG.quantidadePresente, path: ['quantidadePresente'] });
export type OrderItem = z.infer<typeof orderItemSchema>;

/** One order of the store, as it is sent (and as the answer's errors name its fields). */
export const orderSchema = z
  .object(
    {
      pedido: z
        .string({ error: ORDERS_MSG.pedido })
        .trim()
        .min(1, ORDERS_MSG.pedido)
        .max(ORDER_LIMITS.pedido, ORDERS_MSG.pedido)
        .describe('O número do pedido na loja: a chave de idempotência. Único em toda a marca (canais que se sobrepõem usam um prefixo).')
        .meta({ example: 'SITE-104522' }),
      email: emailSchema.optional().describe('E-mail de quem comprou (e/ou cpf).').meta({ example: 'ana@exemplo.com' }),
      cpf: cpfSchema.optional().describe('CPF de quem comprou, com ou sem pontuação (e/ou email).').meta({ example: '529.982.247-25' }),
      data: orderDateSchema,
      canal: z
        .string({ error: ORDERS_MSG.canal })
        .trim()
        .min(1, ORDERS_MSG.canal)
        .max(ORDER_LIMITS.canal, ORDERS_MSG.canal)
        .describe('O canal ou a loja da venda.')
        .meta({ example: 'Site oficial' }),
      itens: z
        .array(orderItemSchema, { error: ORDERS_MSG.itens })
        .min(1, ORDERS_MSG.itens)
        .max(ORDER_LIMITS.itens, ORDERS_MSG.itens)
        .describe('Os produtos do pedido, um item por SKU.'),
      estado: z
        .enum(ORDER_STATES, { error: ORDERS_MSG.estado })
        .describe('pago, ou cancelado (cancelamento ou estorno: o que o pedido deu ao membro é desfeito).')
        .meta({ example: 'pago' }),
    },
    { error: ORDERS_MSG.pedidoInvalido },
  )
  .superRefine((o, ctx) => {
    if (o.email === undefined && o.cpf === undefined) ctx.addIssue({ code: 'custom', path: ['email'], message: ORDERS_MSG.emailOuCpf });
    const seen = new Set<string>();
    o.itens.forEach((item, i) => {
      const sku = item.sku.toUpperCase();
      if (seen.has(sku)) ctx.addIssue({ code: 'custom', path: ['itens', i, 'sku'], message: ORDERS_MSG.skuRepetido });
      seen.add(sku);
    });
  })
  .meta({
    example: { pedido: 'SITE-104522', email: 'ana@exemplo.com', cpf: '529.982.247-25', data: '2026-03-14', canal: 'Site oficial', itens: [{ sku: 'HID-GARRAFA750-PRETO', quantidade: 2, quantidadePresente: 1 }], estado: 'pago' },
  });
export type Order = z.infer<typeof orderSchema>;
export type OrderInput = z.input<typeof orderSchema>;

/** The documented body: what a store's client should send. */
export const orderBatchSchema = z.object({
  pedidos: z
    .array(orderSchema, { error: ORDERS_MSG.envelope })
    .min(1, ORDERS_MSG.envelope)
    .max(INTEGRATION_MAX_ORDERS, ORDERS_MSG.envelope)
    .describe(`De 1 a ${INTEGRATION_MAX_ORDERS} pedidos. Cada pedido é conferido sozinho: um pedido inválido volta "recusado", sem impedir os outros.`),
});

/**
 * What the server checks of the body as a whole (400 when it fails): a list of 1 to 1,000 values.
 * Each order is then checked alone with orderSchema (a value that is no object is refused alone).
 */
export const orderEnvelopeSchema = z.object(
  {
    pedidos: z
      .array(z.unknown(), { error: ORDERS_MSG.envelope })
      .min(1, ORDERS_MSG.envelope)
      .max(INTEGRATION_MAX_ORDERS, ORDERS_MSG.envelope),
  },
  { error: ORDERS_MSG.envelope },
);

export const orderErrorSchema = z.object({
  campo: z.string().describe('O campo, como no pedido enviado: "email", "itens[0].sku"... (vazio: o pedido inteiro).'),
  mensagem: z.string(),
});
export type OrderError = z.infer<typeof orderErrorSchema>;

/**
 * What an order did to the buyer's allowance in a launch (docs/decisions/0047-launches.md, part 2):
 * - na-cota: its units of the launch were counted in the buyer's allowance;
 * - acima-da-cota: the buyer is entitled, but the units would pass the allowance: none were counted
 *   (an order is counted whole or not at all);
 * - sem-direito: the buyer is not entitled to the early access at the order's moment (or has no
 *   active account yet).
 * The order itself is applied in every case (it was charged): the last two are flags for the store.
 */
export const ORDER_LAUNCH_OUTCOMES = ['na-cota', 'acima-da-cota', 'sem-direito'] as const;
export type OrderLaunchOutcome = (typeof ORDER_LAUNCH_OUTCOMES)[number];

export const orderLaunchUseSchema = z.object({
  slug: z.string().describe('O lançamento (o mesmo slug de GET /lancamentos/{slug}/direito).'),
  unidades: z.number().int().describe('Unidades do pedido com SKUs do lançamento.'),
  situacao: z
    .enum(ORDER_LAUNCH_OUTCOMES)
    .describe('na-cota: contadas na cota de quem comprou; acima-da-cota: passariam da cota (nenhuma foi contada: o pedido conta inteiro ou não conta); sem-direito: quem comprou não tem acesso antecipado neste momento. O pedido é aplicado nos três casos.'),
});
export type OrderLaunchUse = z.infer<typeof orderLaunchUseSchema>;

export const orderOutcomeSchema = z
  .object({
    indice: z.number().int().describe('A posição do pedido na lista enviada (a partir de 0).'),
    pedido: z.string().nullable().describe('O número do pedido (null quando não veio um número válido).'),
    situacao: z.enum(ORDER_OUTCOMES),
    erros: z.array(orderErrorSchema).describe('Recusado ou conflito: o que há de errado, campo a campo. Vazio nos outros casos.'),
    lancamentos: z
      .array(orderLaunchUseSchema)
      .optional()
      .describe(
        'Só quando o pedido pago tem SKUs de um lançamento publicado e chegou no acesso antecipado dele: o que fez com a cota de quem comprou, um item por lançamento. Numa nova tentativa (recebido), o que a primeira vez fez.',
      ),
  })
  .meta({ example: { indice: 0, pedido: 'SITE-104522', situacao: 'aplicado', erros: [], lancamentos: [{ slug: 'garrafa-termica-areia', unidades: 2, situacao: 'na-cota' }] } });
export type OrderResult = z.infer<typeof orderOutcomeSchema>;

export const orderBatchResponseSchema = z.object({ pedidos: z.array(orderOutcomeSchema) });
export type OrderBatchResponse = z.infer<typeof orderBatchResponseSchema>;

/**
 * 409: the call held one order and it conflicts with the one received before (`pedidos` says how),
 * or a call with the same Idempotency-Key is still running (no `pedidos`).
 */
export const orderConflictResponseSchema = errorResponseSchema.extend({ pedidos: z.array(orderOutcomeSchema).optional() });

export const orderParamsSchema = z.object({
  pedido: z.string({ error: ORDERS_MSG.pedido }).trim().min(1, ORDERS_MSG.pedido).max(ORDER_LIMITS.pedido, ORDERS_MSG.pedido),
});

export const orderStatusSchema = z
  .object({
    pedido: z.string(),
    situacao: z.enum(ORDER_SITUATIONS).describe('aplicado (do membro), pendente (aguardando o cadastro de quem comprou) ou cancelado.'),
    estado: z.enum(ORDER_STATES),
    canal: z.string(),
    data: z.string().describe('AAAA-MM-DD'),
    recebidoEm: z.string(),
    aplicadoEm: z.string().nullable(),
    canceladoEm: z.string().nullable(),
    itens: z.array(z.object({ sku: z.string(), quantidade: z.number().int(), quantidadePresente: z.number().int() })),
    lancamentos: z
      .array(orderLaunchUseSchema.extend({ cancelado: z.boolean().describe('O pedido foi cancelado: as unidades contadas voltaram para a cota.') }))
      .describe('O que o pedido fez com a cota de quem comprou em cada lançamento (vazio se não tinha SKUs de um lançamento na janela).'),
  })
  .meta({
    example: {
      pedido: 'SITE-104522',
      situacao: 'aplicado',
      estado: 'pago',
      canal: 'Site oficial',
      data: '2026-03-14',
      recebidoEm: '2026-03-14T18:20:31.000Z',
      aplicadoEm: '2026-03-14T18:20:31.000Z',
      canceladoEm: null,
      itens: [{ sku: 'HID-GARRAFA750-PRETO', quantidade: 2, quantidadePresente: 1 }],
      lancamentos: [{ slug: 'garrafa-termica-areia', unidades: 2, situacao: 'na-cota', cancelado: false }],
    },
  });
export type OrderStatus = z.infer<typeof orderStatusSchema>;

export const idempotencyHeadersSchema = z.object({
  'idempotency-key': z
    .string()
    .regex(/^[A-Za-z0-9._:-]{8,128}$/, ORDERS_MSG.chaveIdempotencia)
    .optional()
    .describe('Opcional: a mesma chave com o mesmo corpo devolve a resposta guardada (por 24 horas); com outro corpo, 422.'),
});

/** The field path of a zod issue as the store wrote it: itens[0].sku ('' for the order as a whole). */
export function fieldPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const p of path) out += typeof p === 'number' ? `[${p}]` : `${out ? '.' : ''}${String(p)}`;
  return out;
}
