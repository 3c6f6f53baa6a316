import { z } from 'zod';
import { INT4_MAX } from '../input-guard';

// Back office: code pools (issue 16 item 2; docs/decisions/0028-code-pools-and-images.md).
// A file of codes is uploaded to a staged import (POST .../importacoes, multipart), analysed, shown
// to staff (preview and counts) and only added to the pool when confirmed; the confirmation runs in
// the background and its progress is read with GET /api/admin/cupons/importacoes/{id}.

/** '64 KB', '100 MB': a size as staff read it. */
export const readableSize = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`.replace('.', ',') : `${Math.max(1, Math.round(bytes / 1024))} KB`;

export const COUPONS_MSG = {
  arquivoObrigatorio: 'Envie um arquivo CSV ou TXT com um código por linha.',
  arquivoVazio: 'O arquivo está vazio.',
  arquivoGrande: (bytes: number) => `O arquivo passa do limite de ${readableSize(bytes)}.`,
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

export const COUPON_IMPORT_STATES = ['analisando', 'analisado', 'importando', 'concluido', 'falhou', 'cancelado'] as const;
export type CouponImportState = (typeof COUPON_IMPORT_STATES)[number];

/** What the analysis says of a line of the preview. */
export const COUPON_LINE_STATUSES = ['novo', 'invalido', 'duplicado_arquivo', 'ja_livre', 'ja_resgatado', 'outro_beneficio', 'cabecalho'] as const;

export const couponLineSchema = z.object({
  linha: z.number().int(),
  texto: z.string(),
  codigo: z.string().nullable(),
  situacao: z.enum(COUPON_LINE_STATUSES),
});
export type CouponLine = z.infer<typeof couponLineSchema>;

export const couponImportSchema = z.object({
  id: z.string(),
  idBeneficio: z.number().int(),
  idOpcao: z.number().int().nullable(),
  arquivo: z.string(),
  bytes: z.number().int(),
  estado: z.enum(COUPON_IMPORT_STATES),
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
  amostra: z.array(couponLineSchema),
  exemplosInvalidos: z.array(couponLineSchema),
  erro: z.string().nullable(),
  criadoEm: z.string(),
  confirmadoEm: z.string().nullable(),
  concluidoEm: z.string().nullable(),
});
export type CouponImport = z.infer<typeof couponImportSchema>;

/** The codes of one pool: free (the stock), handed out, and reported used by the store. */
export const couponStockSchema = z.object({
  idOpcao: z.number().int().nullable(),
  nomeOpcao: z.string().nullable(),
  livres: z.number().int(),
  resgatados: z.number().int(),
  usados: z.number().int(),
  estoqueBaixo: z.boolean(),
});
export type CouponStock = z.infer<typeof couponStockSchema>;

export const benefitCouponSchema = z.object({
  id: z.number().int(),
  nome: z.string(),
  ativo: z.boolean(),
  /** Free codes at or below this: low stock. */
  alertaMinimo: z.number().int(),
  livres: z.number().int(),
  resgatados: z.number().int(),
  usados: z.number().int(),
  estoqueBaixo: z.boolean(),
  pools: z.array(couponStockSchema),
});
export type BenefitCoupon = z.infer<typeof benefitCouponSchema>;

export const benefitCouponsResponseSchema = z.array(benefitCouponSchema);

export const benefitCouponDetailSchema = benefitCouponSchema.extend({
  importacoes: z.array(couponImportSchema),
});
export type BenefitCouponDetail = z.infer<typeof benefitCouponDetailSchema>;

export const benefitCouponParamsSchema = z.object({
  id: z.coerce.number({ message: COUPONS_MSG.beneficioNaoEncontrado }).int({ message: COUPONS_MSG.beneficioNaoEncontrado }).positive({ message: COUPONS_MSG.beneficioNaoEncontrado }).max(INT4_MAX, { message: COUPONS_MSG.beneficioNaoEncontrado }),
});
export const couponImportParamsSchema = z.object({
  id: z.uuid({ message: COUPONS_MSG.importacaoNaoEncontrada }),
});
/** POST .../importacoes?opcao=: the day of the batch, for events with days. */
export const couponImportQuerySchema = z.object({
  opcao: z.coerce.number({ message: COUPONS_MSG.opcaoInvalida }).int({ message: COUPONS_MSG.opcaoInvalida }).positive({ message: COUPONS_MSG.opcaoInvalida }).max(INT4_MAX, { message: COUPONS_MSG.opcaoInvalida }).optional(),
});
export const couponAlertInputSchema = z
  .object({
    minimo: z.number({ message: COUPONS_MSG.minimoInvalido }).int({ message: COUPONS_MSG.minimoInvalido }).min(0, { message: COUPONS_MSG.minimoInvalido }).max(10_000_000, { message: COUPONS_MSG.minimoInvalido }),
  })
  .strict();
export type CouponAlertInput = z.infer<typeof couponAlertInputSchema>;
