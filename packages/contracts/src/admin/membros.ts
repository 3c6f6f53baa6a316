import { z } from 'zod';
import { ADMIN_MSG } from './roles.js';
import { adminPageQuerySchema, adminPageSchema } from './paging.js';
import { updateProfileSchema } from '../usuario.js';
import { achievementSchema } from '../conquista.js';
import { orderDateSchema } from '../integracao/pedidos.js';
import { memberLaunchEligibilitySchema } from './lancamentos.js';

// The back office's members area (issue 17 items 1-4; docs/decisions/0031-back-office-members.md):
// members.read to look, members.write to act. Wire names in Portuguese.

export const MEMBERS_MSG = {
  membroNaoEncontrado: 'Membro não encontrado.',
  contaExcluida: 'Esta conta foi anonimizada: nada mais pode ser feito nela.',
  valorObrigatorio: 'Informe um valor inteiro de pontos diferente de zero.',
  valorLimite: 'Informe no máximo 1.000.000 de pontos por ajuste.',
  motivoObrigatorio: 'Informe o motivo do ajuste (ao menos 3 caracteres).',
  motivoLongo: 'Motivo: no máximo 500 caracteres.',
  referenciaObrigatoria: 'Informe a referência (chamado, pedido ou protocolo).',
  referenciaLonga: 'Referência: no máximo 200 caracteres.',
  lancamentoInvalido: 'O lançamento a corrigir não é deste membro.',
  saldoNegativo: 'O débito deixaria o saldo negativo.',
  ajusteNaoEncontrado: 'Ajuste não encontrado.',
  ajusteJaRevisado: 'Este ajuste já foi revisado.',
  aprovarProprio: 'Quem pediu o ajuste não pode aprová-lo nem recusá-lo: peça a outra pessoa da equipe.',
  motivoRecusaObrigatorio: 'Informe por que o ajuste foi recusado (ao menos 3 caracteres).',
  motivoBloqueioObrigatorio: 'Informe o motivo do bloqueio (ao menos 3 caracteres).',
  jaBloqueado: 'Esta conta já está bloqueada.',
  naoBloqueado: 'Esta conta não está bloqueada.',
  jaAtiva: 'Esta conta já está ativa.',
  semCelular: 'O membro não tem celular cadastrado: o link de login depende dele.',
  contaInativa: 'A conta ainda não foi ativada: reenvie o e-mail de ativação.',
  bloqueada: 'A conta está bloqueada: desbloqueie antes.',
  compraSku: 'Informe o SKU do produto.',
  compraSkuDesconhecido: 'SKU não encontrado no catálogo.',
  compraQuantidade: 'Quantidade: um número inteiro de 1 a 99.',
  compraQuantidadePresente: 'Quantidade para presente: de 0 até a quantidade.',
  compraPedido: 'Informe o número do pedido ou uma referência (até 80 caracteres).',
  compraLocal: 'Local da compra: até 60 caracteres.',
  compraJaRegistrada: 'Este pedido já está registrado para este produto.',
  compraCancelada: 'Este pedido foi cancelado pela loja: não pode ser registrado.',
  buscaCurta: 'Digite ao menos 3 caracteres para buscar.',
  buscaLonga: 'Busca: no máximo 100 caracteres.',
} as const;

/** What a blocked member reads at every login (password, link, social): why, and where to go. */
export const blockedAccountMessage = (reason: string | null) =>
  `Sua conta está bloqueada${reason ? `: ${reason}` : ''}. Fale com o atendimento da Legião para saber como resolver.`;

export const memberIdParamsSchema = z.object({ id: z.uuid({ error: ADMIN_MSG.idInvalido }) });
export const adjustmentIdParamsSchema = z.object({ ajusteId: z.uuid({ error: ADMIN_MSG.idInvalido }) });

// --- Ledger adjustments (item 4) -------------------------------------------------------------------

const reasonText = (required: string) => z.string({ error: required }).trim().min(3, required).max(500, MEMBERS_MSG.motivoLongo);

export const adjustmentInputSchema = z.object({
  /** Signed pontos: positive credits, negative debits. */
  valor: z
    .number({ error: MEMBERS_MSG.valorObrigatorio })
    .int(MEMBERS_MSG.valorObrigatorio)
    // Bounds as min/max (not a refine) so the OpenAPI document declares them (openapi-contract test).
    .min(-1_000_000, MEMBERS_MSG.valorLimite)
    .max(1_000_000, MEMBERS_MSG.valorLimite)
    .refine((v) => v !== 0, MEMBERS_MSG.valorObrigatorio),
  motivo: reasonText(MEMBERS_MSG.motivoObrigatorio),
  referencia: z.string({ error: MEMBERS_MSG.referenciaObrigatoria }).trim().min(1, MEMBERS_MSG.referenciaObrigatoria).max(200, MEMBERS_MSG.referenciaLonga),
  /** The ledger entry this adjustment corrects (the entry itself is never changed). */
  corrigeLancamentoId: z.uuid({ error: ADMIN_MSG.idInvalido }).nullish(),
});
export type AdjustmentInput = z.infer<typeof adjustmentInputSchema>;

export const refusalInputSchema = z.object({ motivo: reasonText(MEMBERS_MSG.motivoRecusaObrigatorio) });

export const ADJUSTMENT_STATUS = ['pendente', 'aprovado', 'recusado'] as const;
export type AdjustmentStatus = (typeof ADJUSTMENT_STATUS)[number];

const personSchema = z.object({ id: z.string(), nome: z.string(), email: z.string() });

export const adjustmentSchema = z.object({
  id: z.string(),
  membro: personSchema,
  valor: z.number().int(),
  motivo: z.string(),
  referencia: z.string(),
  corrigeLancamentoId: z.string().nullable(),
  status: z.enum(ADJUSTMENT_STATUS),
  solicitante: personSchema.nullable(),
  revisor: personSchema.nullable(),
  motivoRecusa: z.string().nullable(),
  criadoEm: z.string(),
  revisadoEm: z.string().nullable(),
  /** The ledger entry it wrote (approved ones only). */
  lancamentoId: z.string().nullable(),
});
export type Adjustment = z.infer<typeof adjustmentSchema>;

/** After a request or a review: the adjustment, the member's balance, and the approval threshold. */
export const adjustmentAnswerSchema = z.object({ ajuste: adjustmentSchema, saldo: z.number().int(), limiteAprovacao: z.number().int() });
export type AdjustmentAnswer = z.infer<typeof adjustmentAnswerSchema>;

export const adjustmentsQuerySchema = adminPageQuerySchema(['criadoEm'] as const).extend({
  status: z.enum(ADJUSTMENT_STATUS, { error: 'Situação inválida.' }).optional(),
  membroId: z.uuid({ error: ADMIN_MSG.idInvalido }).optional(),
});
export const adjustmentsPageSchema = adminPageSchema(adjustmentSchema).extend({ limiteAprovacao: z.number().int() });
export type AdjustmentsPage = z.infer<typeof adjustmentsPageSchema>;

// --- A verified purchase registered by staff (ADR 0041) ----------------------------------------------

/** "Registrar compra verificada": what the store's systems would have sent, typed by staff (origem equipe). */
export const purchaseInputSchema = z
  .object({
    sku: z.string({ error: MEMBERS_MSG.compraSku }).trim().min(1, MEMBERS_MSG.compraSku).max(64, MEMBERS_MSG.compraSku),
    quantidade: z.number({ error: MEMBERS_MSG.compraQuantidade }).int(MEMBERS_MSG.compraQuantidade).min(1, MEMBERS_MSG.compraQuantidade).max(99, MEMBERS_MSG.compraQuantidade),
    quantidadePresente: z
      .number({ error: MEMBERS_MSG.compraQuantidadePresente })
      .int(MEMBERS_MSG.compraQuantidadePresente)
      .min(0, MEMBERS_MSG.compraQuantidadePresente)
      .max(99, MEMBERS_MSG.compraQuantidadePresente)
      .default(0),
    dataCompra: orderDateSchema,
    codigoPedido: z.string({ error: MEMBERS_MSG.compraPedido }).trim().min(1, MEMBERS_MSG.compraPedido).max(80, MEMBERS_MSG.compraPedido),
    localCompra: z.string({ error: MEMBERS_MSG.compraLocal }).trim().min(1, MEMBERS_MSG.compraLocal).max(60, MEMBERS_MSG.compraLocal).optional(),
  })
  .refine((p) => p.quantidadePresente <= p.quantidade, { message: MEMBERS_MSG.compraQuantidadePresente, path: ['quantidadePresente'] });
export type PurchaseInput = z.input<typeof purchaseInputSchema>;

// --- Actions (item 3) ------------------------------------------------------------------------------

export const blockInputSchema = z.object({
  /** Shown to the member at every login attempt: write it for them. */
  motivo: z.string({ error: MEMBERS_MSG.motivoBloqueioObrigatorio }).trim().min(3, MEMBERS_MSG.motivoBloqueioObrigatorio).max(300, 'Motivo: no máximo 300 caracteres.'),
});

export const linkLoginInputSchema = z.object({
  validadeMinutos: z.number({ error: 'Validade: de 5 a 10080 minutos.' }).int('Validade: de 5 a 10080 minutos.').min(5, 'Validade: de 5 a 10080 minutos.').max(10_080, 'Validade: de 5 a 10080 minutos.').optional(),
});
export const linkLoginAnswerSchema = z.object({ url: z.string(), expiraEm: z.string() });

/** The profile fields staff may correct, validated as the member's own form validates them. */
export const profileCorrectionSchema = updateProfileSchema
  .pick({ nome: true, celular: true, cpf: true, dataNascimento: true, genero: true, cep: true, endereco: true, numero: true, complemento: true, cidade: true, uf: true })
  .partial()
  .refine((o) => Object.values(o).some((v) => v !== undefined), 'Informe ao menos um campo para corrigir.');
export type ProfileCorrectionInput = z.input<typeof profileCorrectionSchema>;

export const anonymisationInputSchema = z.object({
  /** The member's request (protocol, ticket): anonymising is only ever done on request. */
  referencia: z.string({ error: MEMBERS_MSG.referenciaObrigatoria }).trim().min(1, MEMBERS_MSG.referenciaObrigatoria).max(200, MEMBERS_MSG.referenciaLonga),
});

export const actionAnswerSchema = z.object({ message: z.string() });

// --- Search (item 1) -------------------------------------------------------------------------------

/** What a search looks in: auto guesses from the text (an @ is an e-mail, digits a CPF or a legion number...). */
export const SEARCH_KINDS = ['auto', 'nome', 'email', 'cpf', 'numero', 'codigo'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

export const searchQuerySchema = z.object({
  busca: z.string({ error: MEMBERS_MSG.buscaCurta }).trim().min(1, MEMBERS_MSG.buscaCurta).max(100, MEMBERS_MSG.buscaLonga),
  tipo: z.enum(SEARCH_KINDS, { error: 'Tipo de busca inválido.' }).default('auto'),
  pagina: adminPageQuerySchema(['nome'] as const).shape.pagina,
  porPagina: adminPageQuerySchema(['nome'] as const).shape.porPagina,
});

// --- The CSV export (ADR 0045, "The back office's CSV export") ------------------------------------

/**
 * GET /admin/membros/exportacao.csv: the search's filters, the text optional (none: every account
 * not anonymised). Parsed and refused like the search's (the same messages), no paging.
 */
export const memberExportQuerySchema = z.object({
  busca: z.string({ error: MEMBERS_MSG.buscaCurta }).trim().max(100, MEMBERS_MSG.buscaLonga).optional(),
  tipo: z.enum(SEARCH_KINDS, { error: 'Tipo de busca inválido.' }).default('auto'),
});
export type MemberExportQuery = z.infer<typeof memberExportQuerySchema>;

/** The audit row's `depois` for `membros.exportar`: the filters asked and the rows they matched then. */
export const memberExportAuditSchema = z.object({
  filtros: z.object({ busca: z.string().nullable(), tipo: z.enum(SEARCH_KINDS).nullable() }),
  linhas: z.number().int(),
});
export type MemberExportAudit = z.infer<typeof memberExportAuditSchema>;

/**
 * The export's header, in order: the personal fields the CRM gets (ADR 0045) and the registration
 * dates, nothing else (no CPF, phone, address, birth date). Booleans are "sim"/"não", dates ISO 8601
 * in UTC, the balance in pontos, produtos the collection's verified products.
 */
export const MEMBER_EXPORT_COLUMNS = [
  'id',
  'email',
  'nome',
  'tipo',
  'ativo',
  'data_cadastro',
  'ativado_em',
  'consentimento_email',
  'consentimento_sms',
  'consentimento_whatsapp',
  'saldo',
  'produtos',
] as const;

export const MEMBER_STATES = ['ativo', 'pendente', 'bloqueado', 'anonimizado'] as const;
export type MemberState = (typeof MEMBER_STATES)[number];
export const MEMBER_STATE_LABEL: Record<MemberState, string> = { ativo: 'Ativo', pendente: 'Ativação pendente', bloqueado: 'Bloqueado', anonimizado: 'Anonimizado' };

export const memberSummarySchema = z.object({
  id: z.string(),
  nome: z.string(),
  email: z.string(),
  cpf: z.string().nullable(),
  estado: z.enum(MEMBER_STATES),
  dataCadastro: z.string(),
});
export type MemberSummary = z.infer<typeof memberSummarySchema>;
export const searchPageSchema = adminPageSchema(memberSummarySchema).extend({
  /** The kind the text was searched as. */
  tipo: z.enum(SEARCH_KINDS),
  /** total stopped counting here (a very common name): "mais de". */
  totalLimitado: z.boolean(),
});
export type SearchPage = z.infer<typeof searchPageSchema>;

// --- The member page (item 2) ----------------------------------------------------------------------

/** Who verified a purchase (ADR 0041): the brand's import (CSV or CLI), the store's integration, staff. */
export const PURCHASE_ORIGINS = ['importacao', 'integracao', 'equipe'] as const;
export type PurchaseOrigin = (typeof PURCHASE_ORIGINS)[number];
export const PURCHASE_ORIGIN_LABEL: Record<PurchaseOrigin, string> = { importacao: 'Importação', integracao: 'Integração da loja', equipe: 'Equipe' };

export const memberProductSchema = z.object({
  id: z.string(),
  produto: z.string(),
  sku: z.string(),
  quantidade: z.number().int(),
  dataCompra: z.string(),
  localCompra: z.string(),
  validado: z.boolean(),
  presente: z.boolean(),
  codigoPedido: z.string().nullable(),
  numeros: z.array(z.number().int()),
  /** Verified purchases only: where the verification came from (null: the member's own entry). */
  origem: z.enum(PURCHASE_ORIGINS).nullable(),
  /** The store integration's client that sent the order (integracao only; null when it was deleted). */
  integracao: z.string().nullable(),
  /** Cancelled or refunded by the store: out of the collection, its points reversed, its numbers retired. */
  canceladoEm: z.string().nullable(),
});
export type MemberProduct = z.infer<typeof memberProductSchema>;

export const memberDetailSchema = memberSummarySchema.extend({
  celular: z.string().nullable(),
  dataNascimento: z.string().nullable(),
  genero: z.string().nullable(),
  cep: z.string().nullable(),
  endereco: z.string().nullable(),
  numero: z.string().nullable(),
  complemento: z.string().nullable(),
  cidade: z.string().nullable(),
  uf: z.string().nullable(),
  tipo: z.string(),
  perfil: z.string().nullable(),
  origem: z.string().nullable(),
  social: z.boolean(),
  socialProvider: z.string().nullable(),
  /** The referral code (the member's public hash, ADR 0009). */
  codigoIndicacao: z.string(),
  ativadoEm: z.string().nullable(),
  bloqueadoEm: z.string().nullable(),
  motivoBloqueio: z.string().nullable(),
  excluidoEm: z.string().nullable(),
  consentimentos: z.object({ email: z.boolean(), sms: z.boolean(), whatsapp: z.boolean(), optOut: z.boolean() }),
  /** integracao: the integration that reported the change (origem 'integracao'; ADR 0045), else null. */
  historicoConsentimentos: z.array(z.object({ canal: z.string(), concedido: z.boolean(), origem: z.string(), data: z.string(), integracao: z.string().nullable() })),
  saldo: z.number().int(),
  conquistas: achievementSchema,
  contasSociais: z.array(z.object({ provider: z.string(), email: z.string(), criadoEm: z.string(), ultimoUsoEm: z.string() })),
  produtos: z.array(memberProductSchema),
  indicadoPor: z.object({ id: z.string().nullable(), nome: z.string().nullable(), status: z.string(), criadaEm: z.string(), confirmadaEm: z.string().nullable() }).nullable(),
  pesquisas: z.array(z.object({ pesquisa: z.string(), tipo: z.string(), criadaEm: z.string(), concluidaEm: z.string().nullable(), perfil: z.string().nullable(), cupom: z.string().nullable(), respostas: z.array(z.object({ pergunta: z.string(), resposta: z.string() })) })),
  ajustesPendentes: z.number().int(),
  limiteAprovacao: z.number().int(),
  /** Published launches not yet public: eligible or not, and why (docs/decisions/0047-launches.md). */
  lancamentos: z.array(memberLaunchEligibilitySchema),
});
export type MemberDetail = z.infer<typeof memberDetailSchema>;

/** The member page's paged lists. */
export const MEMBER_LISTS = ['extrato', 'resgates', 'indicacoes', 'sessoes', 'emails', 'auditoria'] as const;
export type MemberList = (typeof MEMBER_LISTS)[number];
export const listParamsSchema = memberIdParamsSchema.extend({ lista: z.enum(MEMBER_LISTS, { error: 'Lista desconhecida.' }) });
export const listQuerySchema = z.object({ pagina: adminPageQuerySchema(['data'] as const).shape.pagina, porPagina: adminPageQuerySchema(['data'] as const).shape.porPagina });

export const statementLineSchema = z.object({ id: z.string(), data: z.string(), motivo: z.string(), valor: z.number().int(), saldoApos: z.number().int(), descricao: z.string(), ajusteId: z.string().nullable() });
export const redemptionLineSchema = z.object({ id: z.number().int(), data: z.string(), beneficio: z.string(), opcao: z.string().nullable(), valor: z.number().int(), codigo: z.string(), usadoEm: z.string().nullable() });
export const referralLineSchema = z.object({ id: z.string(), indicado: z.object({ id: z.string(), nome: z.string(), email: z.string() }).nullable(), status: z.string(), criadaEm: z.string(), confirmadaEm: z.string().nullable() });
export const sessionLineSchema = z.object({ id: z.string(), criadaEm: z.string(), expiraEm: z.string(), revogadaEm: z.string().nullable(), ip: z.string().nullable(), userAgent: z.string().nullable(), viva: z.boolean() });
export const emailLineSchema = z.object({ id: z.string(), assunto: z.string(), status: z.string(), tentativas: z.number().int(), criadoEm: z.string(), enviadoEm: z.string().nullable(), ultimoErro: z.string().nullable() });
export const auditLineSchema = z.object({ id: z.string(), data: z.string(), acao: z.string(), autor: z.object({ id: z.string(), nome: z.string() }).nullable(), antes: z.unknown(), depois: z.unknown() });

export const listPageSchema = adminPageSchema(z.union([statementLineSchema, redemptionLineSchema, referralLineSchema, sessionLineSchema, emailLineSchema, auditLineSchema]));
export type StatementLine = z.infer<typeof statementLineSchema>;
export type RedemptionLine = z.infer<typeof redemptionLineSchema>;
export type ReferralLine = z.infer<typeof referralLineSchema>;
export type SessionLine = z.infer<typeof sessionLineSchema>;
export type EmailLine = z.infer<typeof emailLineSchema>;
export type AuditLine = z.infer<typeof auditLineSchema>;
