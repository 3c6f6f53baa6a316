import { z } from 'zod';
import { ADMIN_MSG } from './roles.js';
import { adminPageQuerySchema, adminPageSchema } from './paging.js';

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

export const membroIdParamsSchema = z.object({ id: z.uuid({ error: ADMIN_MSG.idInvalido }) });
export const ajusteIdParamsSchema = z.object({ ajusteId: z.uuid({ error: ADMIN_MSG.idInvalido }) });

// --- Ledger adjustments (item 4) -------------------------------------------------------------------

const motivoTexto = (obrigatorio: string) => z.string({ error: obrigatorio }).trim().min(3, obrigatorio).max(500, MEMBROS_MSG.motivoLongo);

export const ajusteInputSchema = z.object({
  /** Signed pontos: positive credits, negative debits. */
  valor: z
    .number({ error: MEMBROS_MSG.valorObrigatorio })
    .int(MEMBROS_MSG.valorObrigatorio)
    .refine((v) => v !== 0, MEMBROS_MSG.valorObrigatorio)
    .refine((v) => Math.abs(v) <= 1_000_000, MEMBROS_MSG.valorLimite),
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
