import { z } from 'zod';
import { absentWhenNull } from './fields.js';
import { INT4_MAX } from './input-guard.js';
import { ALL, OTHER_PLACE, PURCHASE_PLACES, PRODUCT_MSG, parsePurchaseDate } from './produto-constants.js';
export * from './produto-constants.js';

// Catalogue and "Minha coleção" (spec 001 sections 2.13-2.15, 3, 4, 5, 9; spec 000 sections 2, 3, 7).
// Wire names follow the spec. Decisions: docs/decisions/0006-legion-numbers.md, 0007-catalogue-api.md.

// --- shared field schemas --------------------------------------------------------------------

/** An order date: missing (null, empty) or invalid answers 'Data inválida' (spec 001 section 5). */
export const purchaseDateSchema = z
  .string({ error: PRODUCT_MSG.dataInvalida })
  .transform((s, ctx) => {
    const day = parsePurchaseDate(s);
    if (!day) {
      ctx.addIssue({ code: 'custom', message: PRODUCT_MSG.dataInvalida });
      return z.NEVER;
    }
    return day;
  });

// A JSON body carries numbers: "1" is refused as the document says (integer), not coerced
// (issue 14). A query string only has text, so there the same rule reads the digits.
const productIdSchema = z
  .number({ error: PRODUCT_MSG.produtoObrigatorio })
  .int(PRODUCT_MSG.produtoNaoEncontrado)
  .positive(PRODUCT_MSG.produtoObrigatorio)
  .max(INT4_MAX, PRODUCT_MSG.produtoNaoEncontrado);
const productIdQuerySchema = z.coerce
  .number({ error: PRODUCT_MSG.produtoObrigatorio })
  .int(PRODUCT_MSG.produtoNaoEncontrado)
  .positive(PRODUCT_MSG.produtoObrigatorio)
  .max(INT4_MAX, PRODUCT_MSG.produtoNaoEncontrado);

const quantitySchema = z.number({ error: PRODUCT_MSG.quantidadeInvalida }).int(PRODUCT_MSG.quantidadeInvalida).min(1, PRODUCT_MSG.quantidadeInvalida).max(99, PRODUCT_MSG.quantidadeInvalida);

const purchasePlaceSchema = z.string({ error: PRODUCT_MSG.localObrigatorio }).trim().min(1, PRODUCT_MSG.localObrigatorio).max(80, PRODUCT_MSG.localLongo);
const otherPurchasePlaceSchema = absentWhenNull(z.string().trim().max(80, PRODUCT_MSG.localLongo));

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();
const PLACE_BY_KEY = new Map<string, string>(PURCHASE_PLACES.map((l) => [fold(l.value), l.value]));

/**
 * The stored purchase place: a listed place in its canonical spelling, the free text that replaces
 * 'Outro' (spec 001 section 5), or the free text itself when the client already replaced it.
 * Returns null when 'Outro' comes without its text.
 */
export function resolvePurchasePlace(purchasePlace: string, otherPurchasePlace?: string): string | null {
  const canonical = PLACE_BY_KEY.get(fold(purchasePlace));
  if (canonical === OTHER_PLACE) return otherPurchasePlace?.trim() ? otherPurchasePlace.trim() : null;
  return canonical ?? purchasePlace.trim();
}

// --- catalogue -------------------------------------------------------------------------------

/** A catalogue product (spec 001 section 3). Times are whole hours; null where it doesn't apply. */
export const productSchema = z.object({
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
export type Product = z.infer<typeof productSchema>;

const pageSchema = z.coerce.number({ error: PRODUCT_MSG.paginaInvalida }).int(PRODUCT_MSG.paginaInvalida).min(1, PRODUCT_MSG.paginaInvalida).max(100_000, PRODUCT_MSG.paginaInvalida);
const pageSizeSchema = z.coerce.number({ error: PRODUCT_MSG.paginaInvalida }).int(PRODUCT_MSG.paginaInvalida).min(1, PRODUCT_MSG.paginaInvalida).max(1000, PRODUCT_MSG.paginaInvalida);

/** GET /produto/?page=1&pageSize=1000 (spec 001 section 9: list page size 1000). */
export const productListQuerySchema = z.object({
  page: pageSchema.default(1),
  pageSize: pageSizeSchema.default(1000),
});

/** 'TODOS' or empty means no filter. */
const filterSchema = z.preprocess(
  (v) => (typeof v === 'string' && (v.trim() === '' || v.trim().toUpperCase() === ALL) ? undefined : v),
  z.string().trim().max(80).optional(),
);

/**
 * GET /produto/busca: q is split by spaces and every word must appear in the name (ignoring case
 * and accents); categoria and subcategoria filter exactly. Default page size 48.
 */
export const productSearchQuerySchema = z.object({
  q: z.string().max(100, PRODUCT_MSG.buscaLonga).optional(),
  categoria: filterSchema,
  subcategoria: filterSchema,
  page: pageSchema.default(1),
  pageSize: pageSizeSchema.default(48),
});
export type ProductSearchQuery = z.input<typeof productSearchQuerySchema>;

/** The answer of both catalogue lists. */
export const productPageSchema = z.object({
  items: z.array(productSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type ProductPage = z.infer<typeof productPageSchema>;

/** GET /produto/categoria: one item per category, its subcategories (product lines) sorted. */
export const categorySchema = z.object({ categoria: z.string(), subcategorias: z.array(z.string()) });
export const categoriesResponseSchema = z.array(categorySchema);
export type ProductCategory = z.infer<typeof categorySchema>;

export const productIdParamsSchema = z.object({
  id: z.coerce.number({ error: PRODUCT_MSG.produtoNaoEncontrado }).int(PRODUCT_MSG.produtoNaoEncontrado).positive(PRODUCT_MSG.produtoNaoEncontrado).max(2_147_483_647, PRODUCT_MSG.produtoNaoEncontrado),
});

// --- a member's products ---------------------------------------------------------------------

/**
 * One purchase entry (an "order"). compradoParaPresente is true when at least one unit was bought
 * as a gift (quantidadePresente > 0). legionario: the entry holds numbered pieces; codigoLegionario
 * is the lowest of them (shown as codigoLegionario/1913), codigosLegionario all of them.
 */
export const memberProductItemSchema = z.object({
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
export type MemberProductItem = z.infer<typeof memberProductItemSchema>;

/** The member's entries of one catalogue product; id is the catalogue product id. */
export const memberProductGroupSchema = z.object({
  id: z.number().int().describe('Id do produto no catálogo (rota /editar-produto/{id})'),
  nome: z.string(),
  categoria: z.string(),
  img: z.string(),
  moldura: z.string().nullable(),
  produtos: z.array(memberProductItemSchema),
});
export type MemberProductGroup = z.infer<typeof memberProductGroupSchema>;
export const memberProductGroupsSchema = z.array(memberProductGroupSchema);

/**
 * GET /produto/cliente lists:
 * - todos (default): every group;
 * - colecao (home, "Minha coleção"): drops groups whose entries are all verified and bought
 *   entirely for gifts (spec 000 section 7);
 * - presentes ("Meus presentes"): keeps groups with at least one verified entry bought as a gift
 *   (spec 001 section 2.15).
 */
export const MEMBER_PRODUCT_LISTS = ['todos', 'colecao', 'presentes'] as const;
export const memberProductQuerySchema = z.object({
  lista: z.enum(MEMBER_PRODUCT_LISTS).default('todos').describe('todos (padrão), colecao (home) ou presentes (Meus presentes)'),
  idProduto: productIdQuerySchema.optional().describe('Só o grupo deste produto'),
});

const purchasePlaceRefine = (v: { localCompra?: string; localCompraOutro?: string }, ctx: z.RefinementCtx) => {
  if (v.localCompra !== undefined && resolvePurchasePlace(v.localCompra, v.localCompraOutro) === null) {
    ctx.addIssue({ code: 'custom', path: ['localCompraOutro'], message: PRODUCT_MSG.localObrigatorio });
  }
};

/**
 * POST /produto/cliente: { idProduto, localCompra, presente } (spec 001 section 3). 'Outro' needs
 * localCompraOutro, which replaces it; 'Ganhei de presente' sets presente. dataCompra defaults to
 * today, quantidade to 1. Verification and legion numbers can't be sent: unknown keys are dropped.
 */
export const addProductSchema = z
  .object({
    idProduto: productIdSchema,
    localCompra: purchasePlaceSchema.describe("Um dos locais da lista ou texto livre; 'Outro' exige localCompraOutro"),
    localCompraOutro: otherPurchasePlaceSchema.describe("Texto que substitui 'Outro'"),
    presente: z.boolean().optional().describe("Ganhei de presente; 'Ganhei de presente' como local também marca"),
    dataCompra: purchaseDateSchema.optional().describe('AAAA-MM-DD ou dd/MM/aaaa; ausente = hoje'),
    quantidade: quantitySchema.optional().describe('Unidades, 1 a 99 (padrão 1)'),
  })
  .superRefine(purchasePlaceRefine);
export type AddProductInput = z.input<typeof addProductSchema>;
export type AddProduct = z.output<typeof addProductSchema>;

/**
 * PUT /produto/cliente: a partial update of one entry (absent fields stay as they are). id names
 * the entry; without it the member's only entry of idProduto is edited ("single-product edit").
 * Verified entries only take the gift fields (compradoParaPresente / quantidadePresente, 0 to the
 * order's quantity); the others take localCompra, dataCompra, quantidade and presente.
 */
export const editProductSchema = z
  .object({
    id: z.uuid({ error: PRODUCT_MSG.produtoNaoEncontrado }).optional().describe('Id da entrada (pedido); sem ele, a única entrada de idProduto'),
    idProduto: productIdSchema,
    localCompra: purchasePlaceSchema.optional(),
    localCompraOutro: otherPurchasePlaceSchema,
    quantidade: quantitySchema.optional(),
    dataCompra: purchaseDateSchema.optional(),
    presente: z.boolean().optional(),
    compradoParaPresente: z.boolean().optional(),
    quantidadePresente: z
      .number({ error: PRODUCT_MSG.quantidadePresenteInvalida })
      .int(PRODUCT_MSG.quantidadePresenteInvalida)
      .min(0, PRODUCT_MSG.quantidadePresenteInvalida)
      .max(99, PRODUCT_MSG.quantidadePresenteInvalida)
      .optional(),
  })
  .superRefine(purchasePlaceRefine);
export type EditProductInput = z.input<typeof editProductSchema>;
export type EditProduct = z.output<typeof editProductSchema>;

export const memberProductIdParamsSchema = z.object({ id: z.uuid({ error: PRODUCT_MSG.produtoNaoEncontrado }) });
/** DELETE /produto/cliente/{id}?todos=true removes every entry of that entry's product. */
export const removeProductQuerySchema = z.object({
  todos: z.enum(['true', 'false']).optional().transform((v) => v === 'true'),
});

export const addProductResponseSchema = z.object({ message: z.string(), id: z.string(), grupo: memberProductGroupSchema });
export const editProductResponseSchema = z.object({ message: z.string(), grupo: memberProductGroupSchema });
export const removeProductResponseSchema = z.object({ message: z.string(), removidos: z.number().int() });
