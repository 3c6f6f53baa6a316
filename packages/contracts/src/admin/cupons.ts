import { z } from 'zod';
import { INT4_MAX } from '../input-guard';

// Back office: code pools (issue 16 item 2; docs/decisions/0028-code-pools-and-images.md).
// A file of codes is uploaded to a staged import (POST .../importacoes, multipart), analysed, shown
// to staff (preview and counts) and only added to the pool when confirmed; the confirmation runs in
// the background and its progress is read with GET /api/admin/cupons/importacoes/{id}.

/** '64 KB', '100 MB': a size as staff read it. */
export const tamanhoLegivel = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`.replace('.', ',') : `${Math.max(1, Math.round(bytes / 1024))} KB`;

export const CUPONS_MSG = {
  arquivoObrigatorio: 'Envie um arquivo CSV ou TXT com um código por linha.',
  arquivoVazio: 'O arquivo está vazio.',
  arquivoGrande: (bytes: number) => `O arquivo passa do limite de ${tamanhoLegivel(bytes)}.`,
  linhaLonga: 'O arquivo tem uma linha longa demais: envie um código por linha (ou na primeira coluna do CSV).',
  semCodigos: 'Nenhuma linha do arquivo é um código válido (letras, números, - e _, de 3 a 64 caracteres).',
  beneficioNaoEncontrado: 'Benefício não encontrado.',
  beneficioGerado: 'Este benefício gera os próprios códigos: não tem lista de cupons para importar.',
  opcaoObrigatoria: 'Este benefício tem dias: escolha o dia do lote.',
  opcaoInvalida: 'Este dia não é do benefício.',
  semDias: 'Este benefício não tem dias.',
  importacaoNaoEncontrada: 'Importação não encontrada.',
  naoConfirmavel: 'Esta importação não pode ser confirmada agora.',
  nadaNovo: 'Nenhum código novo para importar: todos já estão no sistema.',
  reenviar: 'Os códigos enviados não estão mais disponíveis: envie o arquivo de novo.',
  pararam: 'A importação parou no meio; confirme de novo para continuar de onde parou.',
  naoCancelavel: 'Esta importação já foi concluída ou está em andamento.',
  minimoInvalido: 'Informe um número inteiro de 0 a 10.000.000.',
} as const;

export const CUPOM_IMPORTACAO_ESTADOS = ['analisando', 'analisado', 'importando', 'concluido', 'falhou', 'cancelado'] as const;
export type CupomImportacaoEstado = (typeof CUPOM_IMPORTACAO_ESTADOS)[number];

/** What the analysis says of a line of the preview. */
export const CUPOM_LINHA_SITUACOES = ['novo', 'invalido', 'duplicado_arquivo', 'ja_livre', 'ja_resgatado', 'outro_beneficio', 'cabecalho'] as const;

export const cupomLinhaSchema = z.object({
  linha: z.number().int(),
  texto: z.string(),
  codigo: z.string().nullable(),
  situacao: z.enum(CUPOM_LINHA_SITUACOES),
});
export type CupomLinha = z.infer<typeof cupomLinhaSchema>;

export const cupomImportacaoSchema = z.object({
  id: z.string(),
  idBeneficio: z.number().int(),
  idOpcao: z.number().int().nullable(),
  arquivo: z.string(),
  bytes: z.number().int(),
  estado: z.enum(CUPOM_IMPORTACAO_ESTADOS),
  /** Lines read (empty lines and a header not counted). */
  linhas: z.number().int(),
  invalidos: z.number().int(),
  /** Repeats of a code earlier in the same file. */
  duplicadosNoArquivo: z.number().int(),
  /** Already in this pool, still free. */
  jaNoEstoque: z.number().int(),
  /** Already in this pool and handed out to a member (used or not). */
  jaResgatados: z.number().int(),
  /** In another benefit's pool (codes are unique across pools). */
  emOutroBeneficio: z.number().int(),
  /** What the confirmation adds. */
  novos: z.number().int(),
  /** Progress of the confirmation: distinct valid codes checked so far, of `preparados`. */
  processados: z.number().int(),
  preparados: z.number().int(),
  importados: z.number().int(),
  amostra: z.array(cupomLinhaSchema),
  exemplosInvalidos: z.array(cupomLinhaSchema),
  erro: z.string().nullable(),
  criadoEm: z.string(),
  confirmadoEm: z.string().nullable(),
  concluidoEm: z.string().nullable(),
});
export type CupomImportacao = z.infer<typeof cupomImportacaoSchema>;

/** The codes of one pool: free (the stock), handed out, and reported used by the store. */
export const cupomEstoqueSchema = z.object({
  idOpcao: z.number().int().nullable(),
  nomeOpcao: z.string().nullable(),
  livres: z.number().int(),
  resgatados: z.number().int(),
  usados: z.number().int(),
  estoqueBaixo: z.boolean(),
});
export type CupomEstoque = z.infer<typeof cupomEstoqueSchema>;

export const cupomBeneficioSchema = z.object({
  id: z.number().int(),
  nome: z.string(),
  ativo: z.boolean(),
  /** Free codes at or below this: low stock. */
  alertaMinimo: z.number().int(),
  livres: z.number().int(),
  resgatados: z.number().int(),
  usados: z.number().int(),
  estoqueBaixo: z.boolean(),
  pools: z.array(cupomEstoqueSchema),
});
export type CupomBeneficio = z.infer<typeof cupomBeneficioSchema>;

export const cupomBeneficiosResponseSchema = z.array(cupomBeneficioSchema);

export const cupomBeneficioDetalheSchema = cupomBeneficioSchema.extend({
  importacoes: z.array(cupomImportacaoSchema),
});
export type CupomBeneficioDetalhe = z.infer<typeof cupomBeneficioDetalheSchema>;

export const cupomBeneficioParamsSchema = z.object({
  id: z.coerce.number({ message: CUPONS_MSG.beneficioNaoEncontrado }).int({ message: CUPONS_MSG.beneficioNaoEncontrado }).positive({ message: CUPONS_MSG.beneficioNaoEncontrado }).max(INT4_MAX, { message: CUPONS_MSG.beneficioNaoEncontrado }),
});
export const cupomImportacaoParamsSchema = z.object({
  id: z.uuid({ message: CUPONS_MSG.importacaoNaoEncontrada }),
});
/** POST .../importacoes?opcao=: the day of the batch, for events with days. */
export const cupomImportacaoQuerySchema = z.object({
  opcao: z.coerce.number({ message: CUPONS_MSG.opcaoInvalida }).int({ message: CUPONS_MSG.opcaoInvalida }).positive({ message: CUPONS_MSG.opcaoInvalida }).max(INT4_MAX, { message: CUPONS_MSG.opcaoInvalida }).optional(),
});
export const cupomAlertaInputSchema = z
  .object({
    minimo: z.number({ message: CUPONS_MSG.minimoInvalido }).int({ message: CUPONS_MSG.minimoInvalido }).min(0, { message: CUPONS_MSG.minimoInvalido }).max(10_000_000, { message: CUPONS_MSG.minimoInvalido }),
  })
  .strict();
export type CupomAlertaInput = z.infer<typeof cupomAlertaInputSchema>;
