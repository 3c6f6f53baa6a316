import { z } from 'zod';
import { ADMIN_MSG } from './roles.js';
import { adminPageQuerySchema, adminPageSchema } from './paging.js';
import { atualizarPerfilSchema } from '../usuario.js';
import { conquistaSchema } from '../conquista.js';

// The back office's members area (issue 17 items 1-4; docs/decisions/0031-back-office-members.md):
// members.read to look, members.write to act. Wire names in Portuguese.

export const MEMBROS_MSG = {
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
  buscaCurta: 'Digite ao menos 3 caracteres para buscar.',
  buscaLonga: 'Busca: no máximo 100 caracteres.',
} as const;

/** What a blocked member reads at every login (password, link, social): why, and where to go. */
export const mensagemContaBloqueada = (motivo: string | null) =>
  `Sua conta está bloqueada${motivo ? `: ${motivo}` : ''}. Fale com o atendimento da Legião para saber como resolver.`;

export const membroIdParamsSchema = z.object({ id: z.uuid({ error: ADMIN_MSG.idInvalido }) });
export const ajusteIdParamsSchema = z.object({ ajusteId: z.uuid({ error: ADMIN_MSG.idInvalido }) });

// --- Ledger adjustments (item 4) -------------------------------------------------------------------

const motivoTexto = (obrigatorio: string) => z.string({ error: obrigatorio }).trim().min(3, obrigatorio).max(500, MEMBROS_MSG.motivoLongo);

export const ajusteInputSchema = z.object({
  /** Signed pontos: positive credits, negative debits. */
  valor: z
    .number({ error: MEMBROS_MSG.valorObrigatorio })
    .int(MEMBROS_MSG.valorObrigatorio)
    // Bounds as min/max (not a refine) so the OpenAPI document declares them (openapi-contract test).
    .min(-1_000_000, MEMBROS_MSG.valorLimite)
    .max(1_000_000, MEMBROS_MSG.valorLimite)
    .refine((v) => v !== 0, MEMBROS_MSG.valorObrigatorio),
  motivo: motivoTexto(MEMBROS_MSG.motivoObrigatorio),
  referencia: z.string({ error: MEMBROS_MSG.referenciaObrigatoria }).trim().min(1, MEMBROS_MSG.referenciaObrigatoria).max(200, MEMBROS_MSG.referenciaLonga),
  /** The ledger entry this adjustment corrects (the entry itself is never changed). */
  corrigeLancamentoId: z.uuid({ error: ADMIN_MSG.idInvalido }).nullish(),
});
export type AjusteInput = z.infer<typeof ajusteInputSchema>;

export const recusaInputSchema = z.object({ motivo: motivoTexto(MEMBROS_MSG.motivoRecusaObrigatorio) });

export const STATUS_AJUSTE = ['pendente', 'aprovado', 'recusado'] as const;
export type StatusAjuste = (typeof STATUS_AJUSTE)[number];

const pessoaSchema = z.object({ id: z.string(), nome: z.string(), email: z.string() });

export const ajusteSchema = z.object({
  id: z.string(),
  membro: pessoaSchema,
  valor: z.number().int(),
  motivo: z.string(),
  referencia: z.string(),
  corrigeLancamentoId: z.string().nullable(),
  status: z.enum(STATUS_AJUSTE),
  solicitante: pessoaSchema.nullable(),
  revisor: pessoaSchema.nullable(),
  motivoRecusa: z.string().nullable(),
  criadoEm: z.string(),
  revisadoEm: z.string().nullable(),
  /** The ledger entry it wrote (approved ones only). */
  lancamentoId: z.string().nullable(),
});
export type Ajuste = z.infer<typeof ajusteSchema>;

/** After a request or a review: the adjustment, the member's balance, and the approval threshold. */
export const ajusteRespostaSchema = z.object({ ajuste: ajusteSchema, saldo: z.number().int(), limiteAprovacao: z.number().int() });
export type AjusteResposta = z.infer<typeof ajusteRespostaSchema>;

export const ajustesQuerySchema = adminPageQuerySchema(['criadoEm'] as const).extend({
  status: z.enum(STATUS_AJUSTE, { error: 'Situação inválida.' }).optional(),
  membroId: z.uuid({ error: ADMIN_MSG.idInvalido }).optional(),
});
export const ajustesPageSchema = adminPageSchema(ajusteSchema).extend({ limiteAprovacao: z.number().int() });
export type AjustesPage = z.infer<typeof ajustesPageSchema>;

// --- Actions (item 3) ------------------------------------------------------------------------------

export const bloqueioInputSchema = z.object({
  /** Shown to the member at every login attempt: write it for them. */
  motivo: z.string({ error: MEMBROS_MSG.motivoBloqueioObrigatorio }).trim().min(3, MEMBROS_MSG.motivoBloqueioObrigatorio).max(300, 'Motivo: no máximo 300 caracteres.'),
});

export const linkLoginInputSchema = z.object({
  validadeMinutos: z.number({ error: 'Validade: de 5 a 10080 minutos.' }).int('Validade: de 5 a 10080 minutos.').min(5, 'Validade: de 5 a 10080 minutos.').max(10_080, 'Validade: de 5 a 10080 minutos.').optional(),
});
export const linkLoginRespostaSchema = z.object({ url: z.string(), expiraEm: z.string() });

/** The profile fields staff may correct, validated as the member's own form validates them. */
export const correcaoPerfilSchema = atualizarPerfilSchema
  .pick({ nome: true, celular: true, cpf: true, dataNascimento: true, genero: true, cep: true, endereco: true, numero: true, complemento: true, cidade: true, uf: true })
  .partial()
  .refine((o) => Object.values(o).some((v) => v !== undefined), 'Informe ao menos um campo para corrigir.');
export type CorrecaoPerfilInput = z.input<typeof correcaoPerfilSchema>;

export const anonimizacaoInputSchema = z.object({
  /** The member's request (protocol, ticket): anonymising is only ever done on request. */
  referencia: z.string({ error: MEMBROS_MSG.referenciaObrigatoria }).trim().min(1, MEMBROS_MSG.referenciaObrigatoria).max(200, MEMBROS_MSG.referenciaLonga),
});

export const acaoRespostaSchema = z.object({ message: z.string() });

// --- Search (item 1) -------------------------------------------------------------------------------

/** What a search looks in: auto guesses from the text (an @ is an e-mail, digits a CPF or a legion number...). */
export const TIPOS_BUSCA = ['auto', 'nome', 'email', 'cpf', 'numero', 'codigo'] as const;
export type TipoBusca = (typeof TIPOS_BUSCA)[number];

export const buscaQuerySchema = z.object({
  busca: z.string({ error: MEMBROS_MSG.buscaCurta }).trim().min(1, MEMBROS_MSG.buscaCurta).max(100, MEMBROS_MSG.buscaLonga),
  tipo: z.enum(TIPOS_BUSCA, { error: 'Tipo de busca inválido.' }).default('auto'),
  pagina: adminPageQuerySchema(['nome'] as const).shape.pagina,
  porPagina: adminPageQuerySchema(['nome'] as const).shape.porPagina,
});

export const ESTADOS_MEMBRO = ['ativo', 'pendente', 'bloqueado', 'anonimizado'] as const;
export type EstadoMembro = (typeof ESTADOS_MEMBRO)[number];
export const ESTADO_MEMBRO_LABEL: Record<EstadoMembro, string> = { ativo: 'Ativo', pendente: 'Ativação pendente', bloqueado: 'Bloqueado', anonimizado: 'Anonimizado' };

export const membroResumoSchema = z.object({
  id: z.string(),
  nome: z.string(),
  email: z.string(),
  cpf: z.string().nullable(),
  estado: z.enum(ESTADOS_MEMBRO),
  dataCadastro: z.string(),
});
export type MembroResumo = z.infer<typeof membroResumoSchema>;
export const buscaPageSchema = adminPageSchema(membroResumoSchema).extend({
  /** The kind the text was searched as. */
  tipo: z.enum(TIPOS_BUSCA),
  /** total stopped counting here (a very common name): "mais de". */
  totalLimitado: z.boolean(),
});
export type BuscaPage = z.infer<typeof buscaPageSchema>;

// --- The member page (item 2) ----------------------------------------------------------------------

export const membroDetalheSchema = membroResumoSchema.extend({
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
  historicoConsentimentos: z.array(z.object({ canal: z.string(), concedido: z.boolean(), origem: z.string(), data: z.string() })),
  saldo: z.number().int(),
  conquistas: conquistaSchema,
  contasSociais: z.array(z.object({ provider: z.string(), email: z.string(), criadoEm: z.string(), ultimoUsoEm: z.string() })),
  produtos: z.array(z.object({ id: z.string(), produto: z.string(), sku: z.string(), quantidade: z.number().int(), dataCompra: z.string(), localCompra: z.string(), validado: z.boolean(), presente: z.boolean(), codigoPedido: z.string().nullable(), numeros: z.array(z.number().int()) })),
  indicadoPor: z.object({ id: z.string().nullable(), nome: z.string().nullable(), status: z.string(), criadaEm: z.string(), confirmadaEm: z.string().nullable() }).nullable(),
  pesquisas: z.array(z.object({ pesquisa: z.string(), tipo: z.string(), criadaEm: z.string(), concluidaEm: z.string().nullable(), perfil: z.string().nullable(), cupom: z.string().nullable(), respostas: z.array(z.object({ pergunta: z.string(), resposta: z.string() })) })),
  ajustesPendentes: z.number().int(),
  limiteAprovacao: z.number().int(),
});
export type MembroDetalhe = z.infer<typeof membroDetalheSchema>;

/** The member page's paged lists. */
export const LISTAS_MEMBRO = ['extrato', 'resgates', 'indicacoes', 'sessoes', 'emails', 'auditoria'] as const;
export type ListaMembro = (typeof LISTAS_MEMBRO)[number];
export const listaParamsSchema = membroIdParamsSchema.extend({ lista: z.enum(LISTAS_MEMBRO, { error: 'Lista desconhecida.' }) });
export const listaQuerySchema = z.object({ pagina: adminPageQuerySchema(['data'] as const).shape.pagina, porPagina: adminPageQuerySchema(['data'] as const).shape.porPagina });

export const extratoLinhaSchema = z.object({ id: z.string(), data: z.string(), motivo: z.string(), valor: z.number().int(), saldoApos: z.number().int(), descricao: z.string(), ajusteId: z.string().nullable() });
export const resgateLinhaSchema = z.object({ id: z.number().int(), data: z.string(), beneficio: z.string(), opcao: z.string().nullable(), valor: z.number().int(), codigo: z.string(), usadoEm: z.string().nullable() });
export const indicacaoLinhaSchema = z.object({ id: z.string(), indicado: z.object({ id: z.string(), nome: z.string(), email: z.string() }).nullable(), status: z.string(), criadaEm: z.string(), confirmadaEm: z.string().nullable() });
export const sessaoLinhaSchema = z.object({ id: z.string(), criadaEm: z.string(), expiraEm: z.string(), revogadaEm: z.string().nullable(), ip: z.string().nullable(), userAgent: z.string().nullable(), viva: z.boolean() });
export const emailLinhaSchema = z.object({ id: z.string(), assunto: z.string(), status: z.string(), tentativas: z.number().int(), criadoEm: z.string(), enviadoEm: z.string().nullable(), ultimoErro: z.string().nullable() });
export const auditoriaLinhaSchema = z.object({ id: z.string(), data: z.string(), acao: z.string(), autor: z.object({ id: z.string(), nome: z.string() }).nullable(), antes: z.unknown(), depois: z.unknown() });

export const listaPageSchema = adminPageSchema(z.union([extratoLinhaSchema, resgateLinhaSchema, indicacaoLinhaSchema, sessaoLinhaSchema, emailLinhaSchema, auditoriaLinhaSchema]));
export type ExtratoLinha = z.infer<typeof extratoLinhaSchema>;
export type ResgateLinha = z.infer<typeof resgateLinhaSchema>;
export type IndicacaoLinha = z.infer<typeof indicacaoLinhaSchema>;
export type SessaoLinha = z.infer<typeof sessaoLinhaSchema>;
export type EmailLinha = z.infer<typeof emailLinhaSchema>;
export type AuditoriaLinha = z.infer<typeof auditoriaLinhaSchema>;
