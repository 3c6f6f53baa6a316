import { z } from 'zod';

// Back office: imports of the brand's files (issue 17 items 5-7; docs/decisions/0032-back-office-imports.md).
// A file (verified purchases, or the store's coupon usage) is uploaded with the column mapping the
// staff chose; the server reads and checks every row and answers the dry run (what applying would
// change, rows refused and why) without changing anything. Applying runs in the background in
// batches; its progress is read with GET /api/admin/importacoes/{id}. Needs imports.run.

export const IMPORT_KINDS = ['compras', 'usos-cupom'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

export const IMPORT_STATES = ['simulado', 'aplicando', 'concluido', 'falhou'] as const;
export type ImportState = (typeof IMPORT_STATES)[number];

/**
 * The fields each kind of file needs, in screen order, with the header names the server (and the
 * screen's suggestion) recognises, compared lower-cased without accents, spaces, '-' and '_'.
 */
export const IMPORT_FIELDS = {
  compras: [
    { campo: 'pedido', rotulo: 'Pedido', obrigatorio: true, nomes: ['pedido', 'codigopedido', 'numeropedido', 'order', 'orderid'] },
    { campo: 'email', rotulo: 'E-mail', obrigatorio: false, nomes: ['email', 'emailcliente'] },
    { campo: 'cpf', rotulo: 'CPF', obrigatorio: false, nomes: ['cpf', 'cpfcliente', 'documento'] },
    { campo: 'produto', rotulo: 'Produto (SKU ou id)', obrigatorio: true, nomes: ['produto', 'sku', 'idproduto', 'codigoproduto'] },
    { campo: 'quantidade', rotulo: 'Quantidade', obrigatorio: true, nomes: ['quantidade', 'qtd', 'qtde', 'quantity'] },
    { campo: 'dataCompra', rotulo: 'Data da compra', obrigatorio: true, nomes: ['datacompra', 'data', 'datapedido', 'date'] },
  ],
  'usos-cupom': [
    { campo: 'codigo', rotulo: 'Código do cupom', obrigatorio: true, nomes: ['codigo', 'cupom', 'codigocupom', 'code', 'coupon', 'voucher'] },
    { campo: 'dataUso', rotulo: 'Data de uso', obrigatorio: false, nomes: ['datauso', 'datadeuso', 'data', 'usadoem', 'date'] },
  ],
} as const satisfies Record<ImportKind, readonly { campo: string; rotulo: string; obrigatorio: boolean; nomes: readonly string[] }[]>;

/** A header name as the aliases above are written. */
export const normaliseHeader = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[\s_\-.]/g, '');

/** The mapping the header suggests: each field to the first column whose name is one of its aliases. */
export function suggestMapping(kind: ImportKind, header: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  const used = new Set<string>();
  for (const c of IMPORT_FIELDS[kind]) {
    const found = header.find((h) => !used.has(h) && (c.nomes as readonly string[]).includes(normaliseHeader(h)));
    if (found !== undefined) {
      out[c.campo] = found;
      used.add(found);
    }
  }
  return out;
}

export const IMPORTS_MSG = {
  arquivoObrigatorio: 'Envie um arquivo CSV com cabeçalho.',
  arquivoVazio: 'O arquivo está vazio.',
  semLinhas: 'O arquivo só tem o cabeçalho: nenhuma linha para importar.',
  arquivoGrande: 'O arquivo passa do limite de tamanho.',
  linhaLonga: 'O arquivo tem uma linha longa demais (mais de 4 KB): não parece um CSV de pedidos ou cupons.',
  arquivoInvalido: 'Não foi possível ler o arquivo como CSV.',
  mapeamentoInvalido: 'O mapeamento de colunas é inválido.',
  colunaFaltando: (fields: string) => `Escolha a coluna de: ${fields}.`,
  colunaInexistente: (column: string) => `A coluna "${column}" não está no cabeçalho do arquivo.`,
  emailOuCpf: 'Escolha a coluna de e-mail ou a de CPF (ao menos uma).',
  importacaoNaoEncontrada: 'Importação não encontrada.',
  naoAplicavel: 'Esta importação já foi aplicada ou está sendo aplicada.',
  pararam: 'A aplicação parou no meio; aplique de novo para continuar de onde parou.',
} as const;

export const importKindQuerySchema = z.object({
  tipo: z.enum(IMPORT_KINDS, { error: 'Tipo de importação inválido (compras ou usos-cupom).' }),
});

export const importListQuerySchema = z.object({
  tipo: z.enum(IMPORT_KINDS, { error: 'Tipo de importação inválido (compras ou usos-cupom).' }).optional(),
  pagina: z.coerce.number({ error: 'Página inválida.' }).int('Página inválida.').min(1, 'Página inválida.').max(100_000, 'Página inválida.').default(1),
});

export const importParamsSchema = z.object({ id: z.uuid({ error: IMPORTS_MSG.importacaoNaoEncontrada }) });

/** field -> header column name (the multipart field "mapeamento", JSON, sent before the file). */
export const mappingSchema = z.record(z.string().max(40), z.string().max(200), { error: IMPORTS_MSG.mapeamentoInvalido });

/** What applying would change (dry run) or changed (result). Purchases use the first five, coupon usage the last two. */
export const importCountSchema = z.object({
  /** Purchases: new verified entries. */
  novas: z.number().int(),
  /** Purchases: (pedido, produto) already registered for the same member. */
  existentes: z.number().int(),
  /** Purchases: member not registered yet (a later import takes them). */
  pendentes: z.number().int(),
  /** Referrals the new purchases confirm. */
  indicacoes: z.number().int(),
  /** Pontos credited: one per new entry and one per confirmed referral (PONTOS). */
  pontos: z.number().int(),
  /** Legion numbers the new entries get (while each product's series lasts). */
  numeros: z.number().int(),
  /** Coupon usage: codes to mark used / marked. */
  marcar: z.number().int(),
  /** Coupon usage: codes the store had already reported used. */
  jaUsados: z.number().int(),
  /** Rows refused (any kind), each with its reason in the report. */
  recusadas: z.number().int(),
});
export type ImportCount = z.infer<typeof importCountSchema>;

export const importLineSchema = z.object({ linha: z.number().int(), situacao: z.string(), motivo: z.string().nullable(), texto: z.string() });
export type ImportLine = z.infer<typeof importLineSchema>;

export const importSchema = z.object({
  id: z.uuid(),
  tipo: z.enum(IMPORT_KINDS),
  arquivo: z.string(),
  bytes: z.number().int(),
  estado: z.enum(IMPORT_STATES),
  cabecalho: z.array(z.string()),
  mapeamento: z.record(z.string(), z.string()),
  /** Data lines read (the header not counted). */
  linhas: z.number().int(),
  simulacao: importCountSchema,
  resultado: importCountSchema,
  /** Rows applying goes through, and how many it has done (the progress bar). */
  total: z.number().int(),
  processados: z.number().int(),
  /** The first refused rows, with the reason (the full list is the CSV report). */
  recusadas: z.array(importLineSchema),
  erro: z.string().nullable(),
  criadoPor: z.string().nullable(),
  criadoEm: z.string(),
  aplicadoEm: z.string().nullable(),
  concluidoEm: z.string().nullable(),
});
export type Import = z.infer<typeof importSchema>;

export const importListSchema = z.object({ itens: z.array(importSchema), total: z.number().int(), pagina: z.number().int(), porPagina: z.number().int() });
export type ImportList = z.infer<typeof importListSchema>;

/** Verdicts in the report (CSV column situacao). */
export const IMPORT_STATUSES: Record<string, string> = {
  nova: 'Nova compra',
  criada: 'Compra registrada',
  existente: 'Já registrada',
  pendente: 'Membro não cadastrado',
  marcar: 'A marcar como usado',
  marcado: 'Marcado como usado',
  ja_usado: 'Já estava usado',
  recusada: 'Recusada',
};
