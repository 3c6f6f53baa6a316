import type { FastifyInstance } from 'fastify';
import { CATEGORIES, PRODUCT_MSG, type ProductCategory, type Product, type ProductPage } from '@legiao/contracts';
import { notFound } from '../../errors/app-error.js';
import { Prisma } from '../../db/prisma.js';
import { searchName } from './name-search.js';

// The catalogue: lists, search, one product, categories. docs/decisions/0007-catalogue-api.md

const PRODUCT_SELECT = {
  id: true,
  sku: true,
  nome: true,
  categoria: true,
  subcategoria: true,
  img: true,
  imgAlternativa: true,
  imagem3: true,
  imagem4: true,
  descricaoDetalhe: true,
  tempoQuente: true,
  tempoGelado: true,
  tempoComGelo: true,
  moldura: true,
} satisfies Prisma.ProdutoSelect;

interface Page {
  page: number;
  pageSize: number;
}

export interface ProductSearch extends Page {
  q?: string;
  categoria?: string;
  subcategoria?: string;
}

interface ProductRow {
  id: number;
  sku: string;
  nome: string;
  categoria: string;
  subcategoria: string;
  img: string;
  img_alternativa: string | null;
  imagem3: string | null;
  imagem4: string | null;
  descricao_detalhe: string;
  tempo_quente: number | null;
  tempo_gelado: number | null;
  tempo_com_gelo: number | null;
  moldura: string | null;
  total: number;
}

const fromRow = (r: ProductRow): Product => ({
  id: r.id,
  sku: r.sku,
  nome: r.nome,
  categoria: r.categoria,
  subcategoria: r.subcategoria,
  img: r.img,
  imgAlternativa: r.img_alternativa,
  imagem3: r.imagem3,
  imagem4: r.imagem4,
  descricaoDetalhe: r.descricao_detalhe,
  tempoQuente: r.tempo_quente,
  tempoGelado: r.tempo_gelado,
  tempoComGelo: r.tempo_com_gelo,
  moldura: r.moldura,
});

/**
 * GET /produto/ and GET /produto/busca: every word of q must appear in the name, ignoring case and
 * accents (both sides go through nomeParaBusca, so the words hold only [a-z0-9] and can't act as
 * LIKE wildcards; the trigram index on nome_busca serves the LIKEs). One round trip: the page and
 * its total (a window count); a page past the end costs a second query for the total.
 * Raw SQL because Prisma's count + findMany took about twice as long (bench/produtos.mjs).
 */
export async function searchProducts(app: FastifyInstance, search: ProductSearch): Promise<ProductPage> {
  const { prisma } = app.ctx;
  const { page, pageSize } = search;
  const words = [...new Set(searchName(search.q ?? '').split(' ').filter(Boolean))];
  const conds = [Prisma.sql`ativo`];
  if (search.categoria) conds.push(Prisma.sql`categoria = ${search.categoria}`);
  if (search.subcategoria) conds.push(Prisma.sql`subcategoria = ${search.subcategoria}`);
  for (const word of words) conds.push(Prisma.sql`nome_busca LIKE ${`%${word}%`}`);
  const where = Prisma.join(conds, ' AND ');
  const rows = await prisma.$queryRaw<ProductRow[]>`
    SELECT id, sku, nome, categoria, subcategoria, img, img_alternativa, imagem3, imagem4, descricao_detalhe,
           tempo_quente, tempo_gelado, tempo_com_gelo, moldura, count(*) OVER ()::int AS total
    FROM produto WHERE ${where}
    ORDER BY nome, id LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`;
  let total = rows[0]?.total ?? 0;
  if (!rows.length && page > 1) {
    const [row] = await prisma.$queryRaw<{ total: number }[]>`SELECT count(*)::int AS total FROM produto WHERE ${where}`;
    total = row?.total ?? 0;
  }
  return { items: rows.map(fromRow), page, pageSize, total };
}

/** GET /produto/: the active catalogue by name. */
export function listProducts(app: FastifyInstance, page: Page) {
  return searchProducts(app, page);
}

/** Every product, sold or not, by id: what the content cache keeps for GET /produto/{id} (ADR 0019). */
export async function loadProducts(app: FastifyInstance): Promise<Map<number, Product>> {
  const all = await app.ctx.prisma.produto.findMany({ select: PRODUCT_SELECT });
  return new Map(all.map((p) => [p.id, p]));
}

/** GET /produto/{id}: also a product no longer sold, since members who own it still open it. */
export function getProduct(products: Map<number, Product>, id: number): Product {
  const product = products.get(id);
  if (!product) throw notFound(PRODUCT_MSG.produtoNaoEncontrado);
  return product;
}

const categoryOrder = (c: string) => {
  const i = (CATEGORIES as readonly string[]).indexOf(c);
  return i === -1 ? CATEGORIES.length : i;
};

/** GET /produto/categoria: the categories that have active products, in badge order. */
export async function listCategories(app: FastifyInstance): Promise<ProductCategory[]> {
  const pairs = await app.ctx.prisma.produto.groupBy({ by: ['categoria', 'subcategoria'], where: { ativo: true } });
  const byCategory = new Map<string, string[]>();
  for (const { categoria: category, subcategoria: subcategory } of pairs) {
    const list = byCategory.get(category) ?? [];
    list.push(subcategory);
    byCategory.set(category, list);
  }
  return [...byCategory.entries()]
    .sort(([a], [b]) => categoryOrder(a) - categoryOrder(b) || a.localeCompare(b, 'pt-BR'))
    .map(([category, subcategories]) => ({ categoria: category, subcategorias: subcategories.sort((a, b) => a.localeCompare(b, 'pt-BR')) }));
}
