import { z } from 'zod';
import { INT4_MAX } from '../input-guard';
import { produtoSchema } from '../produto';
import { CATEGORIAS, LEGIAO_TOTAL, LOCAIS_COMPRA, MOLDURAS } from '../produto-constantes';
import { adminPageQuerySchema, adminPageSchema } from './paging';
import { urlConteudoSchema } from './banners';

// Back office: the catalogue (issue 16 item 6; docs/decisions/0029-back-office-content.md). Products
// as members see them (ADR 0007) plus what staff need: active or not, and each product's legion
// numbers (ADR 0006): handed out by verified purchases only, 1..1913, never by hand.

export const CATALOGO_MSG = {
  naoEncontrado: 'Produto não encontrado.',
  skuEmUso: 'Já existe um produto com esse SKU.',
  skuFormato: 'SKU: letras, números, - e _ (até 60).',
  categoria: `Categoria inválida: use ${CATEGORIAS.join(', ')}.`,
  moldura: 'Moldura inválida.',
  horas: 'Informe horas inteiras entre 0 e 72.',
} as const;

const texto = (campo: string, max: number) =>
  z
    .string({ message: `Informe ${campo}.` })
    .trim()
    .min(1, { message: `Informe ${campo}.` })
    .max(max, { message: `No máximo ${max} caracteres.` });
const imagemOpcional = z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), urlConteudoSchema.nullable()).optional();
const horas = z.number({ message: CATALOGO_MSG.horas }).int({ message: CATALOGO_MSG.horas }).min(0, { message: CATALOGO_MSG.horas }).max(72, { message: CATALOGO_MSG.horas }).nullable().optional();

export const produtoAdminInputSchema = z
  .object({
    sku: z.string({ message: CATALOGO_MSG.skuFormato }).trim().regex(/^[A-Za-z0-9_-]{1,60}$/, { message: CATALOGO_MSG.skuFormato }),
    nome: texto('o nome', 200),
    categoria: z.enum(CATEGORIAS, { message: CATALOGO_MSG.categoria }),
    subcategoria: texto('a linha (subcategoria)', 80),
    img: urlConteudoSchema,
    imgAlternativa: imagemOpcional,
    imagem3: imagemOpcional,
    imagem4: imagemOpcional,
    descricaoDetalhe: z.string().trim().max(5000, { message: 'No máximo 5000 caracteres.' }).default(''),
    tempoQuente: horas,
    tempoGelado: horas,
    tempoComGelo: horas,
    moldura: z.enum(MOLDURAS, { message: CATALOGO_MSG.moldura }).nullable().optional(),
    ativo: z.boolean().default(true),
  })
  .strict();
export type ProdutoAdminInput = z.input<typeof produtoAdminInputSchema>;

export const produtoAdminSchema = produtoSchema.extend({
  ativo: z.boolean(),
  /** Legion numbers handed out so far (verified purchases); the series ends at LEGIAO_TOTAL. */
  numerosAtribuidos: z.number().int(),
  numerosRestantes: z.number().int(),
  /** Members' entries of this product (own and verified). */
  entradas: z.number().int(),
  atualizadoEm: z.string(),
});
export type ProdutoAdmin = z.infer<typeof produtoAdminSchema>;

export const CATALOGO_SORTABLE = ['nome', 'sku', 'categoria', 'numerosAtribuidos', 'atualizadoEm'] as const;
export const catalogoListQuerySchema = adminPageQuerySchema(CATALOGO_SORTABLE).extend({
  q: z.string().trim().max(100, { message: 'A busca deve ter no máximo 100 caracteres.' }).optional(),
  categoria: z.enum(CATEGORIAS, { message: CATALOGO_MSG.categoria }).optional(),
  ativo: z.enum(['true', 'false'], { message: "O filtro 'ativo' deve ser true ou false." }).optional(),
});
export type CatalogoListQuery = z.input<typeof catalogoListQuerySchema>;
export const catalogoPageSchema = adminPageSchema(produtoAdminSchema);

export const produtoAdminIdParamsSchema = z.object({
  id: z.coerce.number({ message: CATALOGO_MSG.naoEncontrado }).int({ message: CATALOGO_MSG.naoEncontrado }).positive({ message: CATALOGO_MSG.naoEncontrado }).max(INT4_MAX, { message: CATALOGO_MSG.naoEncontrado }),
});
export const produtoAtivoInputSchema = z.object({ ativo: z.boolean({ message: 'Ativo deve ser verdadeiro ou falso.' }) }).strict();

/** GET /api/admin/catalogo/opcoes: what the product form and the members' "add a product" screen offer. */
export const catalogoOpcoesSchema = z.object({
  categorias: z.array(z.object({ categoria: z.string(), subcategorias: z.array(z.string()) })),
  molduras: z.array(z.string()),
  /** The purchase places members pick from (spec 001 section 9): fixed by the spec, shown read-only. */
  locaisCompra: z.array(z.object({ value: z.string(), label: z.string() })),
  legiaoTotal: z.number().int(),
});
export type CatalogoOpcoes = z.infer<typeof catalogoOpcoesSchema>;

export const CATALOGO_CONSTANTES = { CATEGORIAS, MOLDURAS, LOCAIS_COMPRA, LEGIAO_TOTAL } as const;
