import type { FastifyInstance } from 'fastify';
import { CATEGORIAS, PRODUTO_MSG, type CategoriaProduto, type Produto, type ProdutoPagina } from '@legiao/contracts';
import { notFound } from '../../errors/app-error.js';
import type { Prisma } from '../../generated/prisma/client.js';
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

export const toProduto = (p: Prisma.ProdutoGetPayload<{ select: typeof PRODUTO_SELECT }>): Produto => p;

interface Pagina {
  page: number;
  pageSize: number;
}

async function paginate(app: FastifyInstance, where: Prisma.ProdutoWhereInput, { page, pageSize }: Pagina): Promise<ProdutoPagina> {
  const { prisma } = app.ctx;
  // Two reads side by side (no transaction): a product added in between only shifts the total.
  const [total, items] = await Promise.all([
    prisma.produto.count({ where }),
    prisma.produto.findMany({ where, select: PRODUTO_SELECT, orderBy: [{ nome: 'asc' }, { id: 'asc' }], skip: (page - 1) * pageSize, take: pageSize }),
  ]);
  return { items: items.map(toProduto), page, pageSize, total };
}

/** GET /produto/: the active catalogue by name. */
export function listProdutos(app: FastifyInstance, pagina: Pagina) {
  return paginate(app, { ativo: true }, pagina);
}

export interface BuscaProdutos extends Pagina {
  q?: string;
  categoria?: string;
  subcategoria?: string;
}

/**
 * GET /produto/busca: every word of q must appear in the name, ignoring case and accents (both
 * sides go through nomeParaBusca, so the words hold only [a-z0-9] and need no LIKE escaping; the
 * trigram index on nome_busca serves the LIKEs).
 */
export function searchProdutos(app: FastifyInstance, busca: BuscaProdutos) {
  const palavras = [...new Set(nomeParaBusca(busca.q ?? '').split(' ').filter(Boolean))];
  const where: Prisma.ProdutoWhereInput = {
    ativo: true,
    ...(busca.categoria ? { categoria: busca.categoria } : {}),
    ...(busca.subcategoria ? { subcategoria: busca.subcategoria } : {}),
    ...(palavras.length ? { AND: palavras.map((p) => ({ nomeBusca: { contains: p } })) } : {}),
  };
  return paginate(app, where, busca);
}

/** GET /produto/{id}: also a product no longer sold, since members who own it still open it. */
export async function getProduto(app: FastifyInstance, id: number): Promise<Produto> {
  const produto = await app.ctx.prisma.produto.findUnique({ where: { id }, select: PRODUTO_SELECT });
  if (!produto) throw notFound(PRODUTO_MSG.produtoNaoEncontrado);
  return toProduto(produto);
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
