import { z } from 'zod';
import { absentWhenNull } from './fields.js';
import { INT4_MAX } from './input-guard.js';
import { TODOS, LOCAL_OUTRO, LOCAIS_COMPRA, PRODUTO_MSG, parseDataCompra } from './produto-constantes.js';
export * from './produto-constantes.js';

// Catalogue and "Minha coleção" (spec 001 sections 2.13-2.15, 3, 4, 5, 9; spec 000 sections 2, 3, 7).
// Wire names follow the spec. Decisions: docs/decisions/0006-legion-numbers.md, 0007-catalogue-api.md.

// --- shared field schemas --------------------------------------------------------------------

/** An order date: missing (null, empty) or invalid answers 'Data inválida' (spec 001 section 5). */
export const dataCompraSchema = z
  .string({ error: PRODUTO_MSG.dataInvalida })
  .transform((s, ctx) => {
    const day = parseDataCompra(s);
    if (!day) {
      ctx.addIssue({ code: 'custom', message: PRODUTO_MSG.dataInvalida });
      return z.NEVER;
    }
    return day;
  });

// A JSON body carries numbers: "1" is refused as the document says (integer), not coerced
// (issue 14). A query string only has text, so there the same rule reads the digits.
const idProdutoSchema = z
  .number({ error: PRODUTO_MSG.produtoObrigatorio })
  .int(PRODUTO_MSG.produtoNaoEncontrado)
  .positive(PRODUTO_MSG.produtoObrigatorio)
  .max(INT4_MAX, PRODUTO_MSG.produtoNaoEncontrado);
const idProdutoQuerySchema = z.coerce
  .number({ error: PRODUTO_MSG.produtoObrigatorio })
  .int(PRODUTO_MSG.produtoNaoEncontrado)
  .positive(PRODUTO_MSG.produtoObrigatorio)
  .max(INT4_MAX, PRODUTO_MSG.produtoNaoEncontrado);

const quantidadeSchema = z.number({ error: PRODUTO_MSG.quantidadeInvalida }).int(PRODUTO_MSG.quantidadeInvalida).min(1, PRODUTO_MSG.quantidadeInvalida).max(99, PRODUTO_MSG.quantidadeInvalida);

const localCompraSchema = z.string({ error: PRODUTO_MSG.localObrigatorio }).trim().min(1, PRODUTO_MSG.localObrigatorio).max(80, PRODUTO_MSG.localLongo);
const localCompraOutroSchema = absentWhenNull(z.string().trim().max(80, PRODUTO_MSG.localLongo));

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();
const LOCAL_POR_CHAVE = new Map<string, string>(LOCAIS_COMPRA.map((l) => [fold(l.value), l.value]));

/**
 * The stored purchase place: a listed place in its canonical spelling, the free text that replaces
 * 'Outro' (spec 001 section 5), or the free text itself when the client already replaced it.
 * Returns null when 'Outro' comes without its text.
 */
export function resolveLocalCompra(localCompra: string, localCompraOutro?: string): string | null {
  const canonical = LOCAL_POR_CHAVE.get(fold(localCompra));
  if (canonical === LOCAL_OUTRO) return localCompraOutro?.trim() ? localCompraOutro.trim() : null;
  return canonical ?? localCompra.trim();
}

// --- catalogue -------------------------------------------------------------------------------

/** A catalogue product (spec 001 section 3). Times are whole hours; null where it doesn't apply. */
export const produtoSchema = z.object({
  id: z.number().int(),
  sku: z.string(),
  nome: z.string(),
  categoria: z.string(),
  subcategoria: z.string(),
  img: z.string().describe("URL da imagem principal no mesmo host, ex.: '/produtos/copo-termico-bar-preto.svg'"),
  imgAlternativa: z.string().nullable().describe('Segunda imagem da galeria (outro lado)'),
  imagem3: z.string().nullable().describe('Terceira imagem (detalhe da tampa/boca)'),
  imagem4: z.string().nullable().describe('Quarta imagem (em uso)'),
  descricaoDetalhe: z.string(),
  tempoQuente: z.number().int().nullable().describe('Horas que mantém quente; null quando não se aplica'),
  tempoGelado: z.number().int().nullable().describe('Horas que mantém gelado'),
  tempoComGelo: z.number().int().nullable().describe('Horas que mantém com gelo'),
  moldura: z.string().nullable().describe("Nome da moldura do card, ex.: 'Clássica', 'Legião 1913', 'Artista Nina Prado'"),
});
export type Produto = z.infer<typeof produtoSchema>;

const pageSchema = z.coerce.number({ error: PRODUTO_MSG.paginaInvalida }).int(PRODUTO_MSG.paginaInvalida).min(1, PRODUTO_MSG.paginaInvalida).max(100_000, PRODUTO_MSG.paginaInvalida);
const pageSizeSchema = z.coerce.number({ error: PRODUTO_MSG.paginaInvalida }).int(PRODUTO_MSG.paginaInvalida).min(1, PRODUTO_MSG.paginaInvalida).max(1000, PRODUTO_MSG.paginaInvalida);

/** GET /produto/?page=1&pageSize=1000 (spec 001 section 9: list page size 1000). */
export const produtoListaQuerySchema = z.object({
  page: pageSchema.default(1),
  pageSize: pageSizeSchema.default(1000),
});

/** 'TODOS' or empty means no filter. */
const filtroSchema = z.preprocess(
  (v) => (typeof v === 'string' && (v.trim() === '' || v.trim().toUpperCase() === TODOS) ? undefined : v),
  z.string().trim().max(80).optional(),
);

/**
 * GET /produto/busca: q is split by spaces and every word must appear in the name (ignoring case
 * and accents); categoria and subcategoria filter exactly. Default page size 48.
 */
export const produtoBuscaQuerySchema = z.object({
  q: z.string().max(100, PRODUTO_MSG.buscaLonga).optional(),
  categoria: filtroSchema,
  subcategoria: filtroSchema,
  page: pageSchema.default(1),
  pageSize: pageSizeSchema.default(48),
});
export type ProdutoBuscaQuery = z.input<typeof produtoBuscaQuerySchema>;

/** The answer of both catalogue lists. */
export const produtoPaginaSchema = z.object({
  items: z.array(produtoSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type ProdutoPagina = z.infer<typeof produtoPaginaSchema>;

/** GET /produto/categoria: one item per category, its subcategories (product lines) sorted. */
export const categoriaSchema = z.object({ categoria: z.string(), subcategorias: z.array(z.string()) });
export const categoriasResponseSchema = z.array(categoriaSchema);
export type CategoriaProduto = z.infer<typeof categoriaSchema>;

export const produtoIdParamsSchema = z.object({
  id: z.coerce.number({ error: PRODUTO_MSG.produtoNaoEncontrado }).int(PRODUTO_MSG.produtoNaoEncontrado).positive(PRODUTO_MSG.produtoNaoEncontrado).max(2_147_483_647, PRODUTO_MSG.produtoNaoEncontrado),
});

// --- a member's products ---------------------------------------------------------------------

/**
 * One purchase entry (an "order"). compradoParaPresente is true when at least one unit was bought
 * as a gift (quantidadePresente > 0). legionario: the entry holds numbered pieces; codigoLegionario
 * is the lowest of them (shown as codigoLegionario/1913), codigosLegionario all of them.
 */
export const produtoClienteItemSchema = z.object({
  id: z.string(),
  quantidade: z.number().int(),
  dataCompra: z.string().describe('AAAA-MM-DD'),
  localCompra: z.string().describe("Local de compra; 'Site oficial' nas compras verificadas"),
  produtoValidado: z.boolean().describe('Compra verificada pela marca (só a importação define)'),
  presente: z.boolean().describe("Recebido de presente ('Ganhei de presente')"),
  compradoParaPresente: z.boolean().describe("Ao menos uma unidade comprada para presente ('Comprei para presente'); só compras verificadas"),
  quantidadePresente: z.number().int().describe('Unidades do pedido compradas para presente, de 0 a quantidade'),
  legionario: z.boolean().describe('A entrada tem peças numeradas da Legião'),
  codigoLegionario: z.number().int().nullable().describe('Menor número da Legião da entrada, exibido como codigoLegionario/1913'),
  codigosLegionario: z.array(z.number().int()).describe('Todos os números da Legião da entrada (um por peça)'),
});
export type ProdutoClienteItem = z.infer<typeof produtoClienteItemSchema>;

/** The member's entries of one catalogue product; id is the catalogue product id. */
export const grupoProdutoClienteSchema = z.object({
  id: z.number().int().describe('Id do produto no catálogo (rota /editar-produto/{id})'),
  nome: z.string(),
  categoria: z.string(),
  img: z.string(),
  moldura: z.string().nullable(),
  produtos: z.array(produtoClienteItemSchema),
});
export type GrupoProdutoCliente = z.infer<typeof grupoProdutoClienteSchema>;
export const gruposProdutoClienteSchema = z.array(grupoProdutoClienteSchema);

/**
 * GET /produto/cliente lists:
 * - todos (default): every group;
 * - colecao (home, "Minha coleção"): drops groups whose entries are all verified and bought
 *   entirely for gifts (spec 000 section 7);
 * - presentes ("Meus presentes"): keeps groups with at least one verified entry bought as a gift
 *   (spec 001 section 2.15).
 */
export const LISTAS_PRODUTO_CLIENTE = ['todos', 'colecao', 'presentes'] as const;
export const produtoClienteQuerySchema = z.object({
  lista: z.enum(LISTAS_PRODUTO_CLIENTE).default('todos').describe('todos (padrão), colecao (home) ou presentes (Meus presentes)'),
  idProduto: idProdutoQuerySchema.optional().describe('Só o grupo deste produto'),
});

const localCompraRefine = (v: { localCompra?: string; localCompraOutro?: string }, ctx: z.RefinementCtx) => {
  if (v.localCompra !== undefined && resolveLocalCompra(v.localCompra, v.localCompraOutro) === null) {
    ctx.addIssue({ code: 'custom', path: ['localCompraOutro'], message: PRODUTO_MSG.localObrigatorio });
  }
};

/**
 * POST /produto/cliente: { idProduto, localCompra, presente } (spec 001 section 3). 'Outro' needs
 * localCompraOutro, which replaces it; 'Ganhei de presente' sets presente. dataCompra defaults to
 * today, quantidade to 1. Verification and legion numbers can't be sent: unknown keys are dropped.
 */
export const adicionarProdutoSchema = z
  .object({
    idProduto: idProdutoSchema,
    localCompra: localCompraSchema.describe("Um dos locais da lista ou texto livre; 'Outro' exige localCompraOutro"),
    localCompraOutro: localCompraOutroSchema.describe("Texto que substitui 'Outro'"),
    presente: z.boolean().optional().describe("Ganhei de presente; 'Ganhei de presente' como local também marca"),
    dataCompra: dataCompraSchema.optional().describe('AAAA-MM-DD ou dd/MM/aaaa; ausente = hoje'),
    quantidade: quantidadeSchema.optional().describe('Unidades, 1 a 99 (padrão 1)'),
  })
  .superRefine(localCompraRefine);
export type AdicionarProdutoInput = z.input<typeof adicionarProdutoSchema>;
export type AdicionarProduto = z.output<typeof adicionarProdutoSchema>;

/**
 * PUT /produto/cliente: a partial update of one entry (absent fields stay as they are). id names
 * the entry; without it the member's only entry of idProduto is edited ("single-product edit").
 * Verified entries only take the gift fields (compradoParaPresente / quantidadePresente, 0 to the
 * order's quantity); the others take localCompra, dataCompra, quantidade and presente.
 */
export const editarProdutoSchema = z
  .object({
    id: z.uuid({ error: PRODUTO_MSG.produtoNaoEncontrado }).optional().describe('Id da entrada (pedido); sem ele, a única entrada de idProduto'),
    idProduto: idProdutoSchema,
    localCompra: localCompraSchema.optional(),
    localCompraOutro: localCompraOutroSchema,
    quantidade: quantidadeSchema.optional(),
    dataCompra: dataCompraSchema.optional(),
    presente: z.boolean().optional(),
    compradoParaPresente: z.boolean().optional(),
    quantidadePresente: z
      .number({ error: PRODUTO_MSG.quantidadePresenteInvalida })
      .int(PRODUTO_MSG.quantidadePresenteInvalida)
      .min(0, PRODUTO_MSG.quantidadePresenteInvalida)
      .max(99, PRODUTO_MSG.quantidadePresenteInvalida)
      .optional(),
  })
  .superRefine(localCompraRefine);
export type EditarProdutoInput = z.input<typeof editarProdutoSchema>;
export type EditarProduto = z.output<typeof editarProdutoSchema>;

export const produtoClienteIdParamsSchema = z.object({ id: z.uuid({ error: PRODUTO_MSG.produtoNaoEncontrado }) });
/** DELETE /produto/cliente/{id}?todos=true removes every entry of that entry's product. */
export const removerProdutoQuerySchema = z.object({
  todos: z.enum(['true', 'false']).optional().transform((v) => v === 'true'),
});

export const adicionarProdutoResponseSchema = z.object({ message: z.string(), id: z.string(), grupo: grupoProdutoClienteSchema });
export const editarProdutoResponseSchema = z.object({ message: z.string(), grupo: grupoProdutoClienteSchema });
export const removerProdutoResponseSchema = z.object({ message: z.string(), removidos: z.number().int() });
