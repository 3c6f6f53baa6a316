import { produtoPaginaSchema, TODOS, type ProdutoPagina } from '@legiao/contracts/produto';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { http } from '../../../shared/api/http';

export interface BuscaProdutos {
  /** Free text: the server splits it by spaces and wants every word in the name. */
  q: string;
  categoria: string;
  subcategoria: string;
}

export const BUSCA_PAGE_SIZE = 48;

/** 'TODOS' and blanks mean "no filter": they are left out of the query string. */
const filtro = (v: string) => (v.trim() === '' || v === TODOS ? undefined : v);

/** GET /produto/busca?q=&categoria=&subcategoria=&page=&pageSize= */
export async function buscarProdutos(busca: BuscaProdutos, page = 1, signal?: AbortSignal): Promise<ProdutoPagina> {
  const data = await http('/produto/busca', {
    query: {
      q: busca.q.trim() || undefined,
      categoria: filtro(busca.categoria),
      subcategoria: filtro(busca.subcategoria),
      page,
      pageSize: BUSCA_PAGE_SIZE,
    },
    signal,
  });
  return produtoPaginaSchema.parse(data);
}

export const buscarProdutosQueryOptions = (busca: BuscaProdutos) =>
  infiniteQueryOptions({
    queryKey: ['produto', 'busca', { q: busca.q.trim(), categoria: busca.categoria, subcategoria: busca.subcategoria }],
    queryFn: ({ pageParam, signal }) => buscarProdutos(busca, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
    staleTime: 60_000,
  });

/** Keeps the previous grid on screen while a new search loads, so the page doesn't jump. */
export function useBuscarProdutos(busca: BuscaProdutos) {
  return useInfiniteQuery({ ...buscarProdutosQueryOptions(busca), placeholderData: keepPreviousData });
}
