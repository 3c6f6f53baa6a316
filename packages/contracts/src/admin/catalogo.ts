import { z } from 'zod';
import { INT4_MAX } from '../input-guard';
import { productSchema } from '../produto';
import { CATEGORIES, LEGION_TOTAL, PURCHASE_PLACES, FRAMES } from '../produto-constants';
import { adminPageQuerySchema, adminPageSchema } from './paging';
import { contentUrlSchema } from './banners';

// Back office: the catalogue (issue 16 item 6; docs/decisions/0029-back-office-content.md). Products
// as members see them (ADR 0007) plus what staff need: active or not, and each product's legion
// numbers (ADR 0006): handed out by verified purchases only, 1..1913, never by hand.

export const CATALOGUE_MSG = {
  naoEncontrado: 'Produto não encontrado.',
  skuEmUso: 'Já existe um produto com esse SKU.',
  skuFormato: 'SKU: letras, números, - e _ (até 60).',
  categoria: `Categoria inválida: use ${CATEGORIES.join(', ')}.`,
  moldura: 'Moldura inválida.',
  horas: 'Informe horas inteiras entre 0 e 72.',
} as const;

const text = (field: string, max: number) =>
  z
    .string({ message: `Informe ${field}.` })
    .trim()
    .min(1, { message: `Informe ${field}.` })
    .max(max, { message: `No máximo ${max} caracteres.` });
const optionalImage = z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), contentUrlSchema.nullable()).optional();
const hours = z.number({ message: CATALOGUE_MSG.horas }).int({ message: CATALOGUE_MSG.horas }).min(0, { message: CATALOGUE_MSG.horas }).max(72, { message: CATALOGUE_MSG.horas }).nullable().optional();

export const productAdminInputSchema = z
  .object({
    sku: z.string({ message: CATALOGUE_MSG.skuFormato }).trim().regex(/^[A-Za-z0-9_-]{1,60}$/, { message: CATALOGUE_MSG.skuFormato }),
    nome: text('o nome', 200),
    categoria: z.enum(CATEGORIES, { message: CATALOGUE_MSG.categoria }),
    subcategoria: text('a linha (subcategoria)', 80),
    img: contentUrlSchema,
    imgAlternativa: optionalImage,
    imagem3: optionalImage,
    imagem4: optionalImage,
    descricaoDetalhe: z.string().trim().max(5000, { message: 'No máximo 5000 caracteres.' }).default(''),
    tempoQuente: hours,
    tempoGelado: hours,
    tempoComGelo: hours,
    moldura: z.enum(FRAMES, { message: CATALOGUE_MSG.moldura }).nullable().optional(),
    ativo: z.boolean().default(true),
  })
  .strict();
export type ProductAdminInput = z.input<typeof productAdminInputSchema>;

export const productAdminSchema = productSchema.extend({
  ativo: z.boolean(),
  /** Legion numbers handed out so far (verified purchases); the series ends at LEGIAO_TOTAL. */
  numerosAtribuidos: z.number().int(),
  numerosRestantes: z.number().int(),
  /** Members' entries of this product (own and verified). */
  entradas: z.number().int(),
  atualizadoEm: z.string(),
});
export type ProductAdmin = z.infer<typeof productAdminSchema>;

export const CATALOGUE_SORTABLE = ['nome', 'sku', 'categoria', 'numerosAtribuidos', 'atualizadoEm'] as const;
export const catalogueListQuerySchema = adminPageQuerySchema(CATALOGUE_SORTABLE).extend({
  q: z.string().trim().max(100, { message: 'A busca deve ter no máximo 100 caracteres.' }).optional(),
  categoria: z.enum(CATEGORIES, { message: CATALOGUE_MSG.categoria }).optional(),
  ativo: z.enum(['true', 'false'], { message: "O filtro 'ativo' deve ser true ou false." }).optional(),
});
export type CatalogueListQuery = z.input<typeof catalogueListQuerySchema>;
export const cataloguePageSchema = adminPageSchema(productAdminSchema);

export const productAdminIdParamsSchema = z.object({
  id: z.coerce.number({ message: CATALOGUE_MSG.naoEncontrado }).int({ message: CATALOGUE_MSG.naoEncontrado }).positive({ message: CATALOGUE_MSG.naoEncontrado }).max(INT4_MAX, { message: CATALOGUE_MSG.naoEncontrado }),
});
export const activeProductInputSchema = z.object({ ativo: z.boolean({ message: 'Ativo deve ser verdadeiro ou falso.' }) }).strict();

/** GET /api/admin/catalogo/opcoes: what the product form and the members' "add a product" screen offer. */
export const catalogueOptionsSchema = z.object({
  categorias: z.array(z.object({ categoria: z.string(), subcategorias: z.array(z.string()) })),
  molduras: z.array(z.string()),
  /** The purchase places members pick from (spec 001 section 9): fixed by the spec, shown read-only. */
  locaisCompra: z.array(z.object({ value: z.string(), label: z.string() })),
  legiaoTotal: z.number().int(),
});
export type CatalogueOptions = z.infer<typeof catalogueOptionsSchema>;

export const CATALOGUE_CONSTANTS = { CATEGORIAS: CATEGORIES, MOLDURAS: FRAMES, LOCAIS_COMPRA: PURCHASE_PLACES, LEGIAO_TOTAL: LEGION_TOTAL } as const;
