import type { FastifyInstance } from 'fastify';
import { CATEGORIAS, PRODUTO_MSG, type CategoriaProduto, type Produto, type ProdutoPagina } from '@legiao/contracts';
import { notFound } from '../../errors/app-error.js';
import { Prisma } from '../../db/prisma.js';
import { nomeParaBusca } from './nome-busca.js';

// The catalogue: lists, search, one product, categories. docs/decisions/0007-catalogue-api.md

const PRODUTO_SELECT = {
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

interface Pagina {
  page: number;
  pageSize: number;
}

export interface BuscaProdutos extends Pagina {
  q?: string;
  categoria?: string;
  subcategoria?: string;
}

interface ProdutoRow {
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

const fromRow = (r: ProdutoRow): Produto => ({
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
export async function searchProdutos(app: FastifyInstance, busca: BuscaProdutos): Promise<ProdutoPagina> {
  const { prisma } = app.ctx;
  const { page, pageSize } = busca;
  const palavras = [...new Set(nomeParaBusca(busca.q ?? '').split(' ').filter(Boolean))];
  const conds = [Prisma.sql`ativo`];
  if (busca.categoria) conds.push(Prisma.sql`categoria = ${busca.categoria}`);
  if (busca.subcategoria) conds.push(Prisma.sql`subcategoria = ${busca.subcategoria}`);
  for (const palavra of palavras) conds.push(Prisma.sql`nome_busca LIKE ${`%${palavra}%`}`);
  const where = Prisma.join(conds, ' AND ');
  const rows = await prisma.$queryRaw<ProdutoRow[]>`
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
export function listProdutos(app: FastifyInstance, pagina: Pagina) {
  return searchProdutos(app, pagina);
}

/** Every product, sold or not, by id: what the content cache keeps for GET /produto/{id} (ADR 0019). */
export async function carregarProdutos(app: FastifyInstance): Promise<Map<number, Produto>> {
  const todos = await app.ctx.prisma.produto.findMany({ select: PRODUTO_SELECT });
  return new Map(todos.map((p) => [p.id, p]));
}

/** GET /produto/{id}: also a product no longer sold, since members who own it still open it. */
export function getProduto(produtos: Map<number, Produto>, id: number): Produto {
  const produto = produtos.get(id);
  if (!produto) throw notFound(PRODUTO_MSG.produtoNaoEncontrado);
  return produto;
}

const ordemCategoria = (c: string) => {
  const i = (CATEGORIAS as readonly string[]).indexOf(c);
  return i === -1 ? CATEGORIAS.length : i;
};

/** GET /produto/categoria: the categories that have active products, in badge order. */
export async function listCategorias(app: FastifyInstance): Promise<CategoriaProduto[]> {
  const pares = await app.ctx.prisma.produto.groupBy({ by: ['categoria', 'subcategoria'], where: { ativo: true } });
  const porCategoria = new Map<string, string[]>();
  for (const { categoria, subcategoria } of pares) {
    const lista = porCategoria.get(categoria) ?? [];
    lista.push(subcategoria);
    porCategoria.set(categoria, lista);
  }
  return [...porCategoria.entries()]
    .sort(([a], [b]) => ordemCategoria(a) - ordemCategoria(b) || a.localeCompare(b, 'pt-BR'))
    .map(([categoria, subcategorias]) => ({ categoria, subcategorias: subcategorias.sort((a, b) => a.localeCompare(b, 'pt-BR')) }));
}
