import { productPageSchema, ALL, type ProductPage } from '@legiao/contracts/produto';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { http } from '../../../shared/api/http';

export interface ProductSearch {
  /** Free text: the server splits it by spaces and wants every word in the name. */
  q: string;
  categoria: string;
  subcategoria: string;
}

export const SEARCH_PAGE_SIZE = 48;

/** 'TODOS' and blanks mean "no filter": they are left out of the query string. */
const filter = (v: string) => (v.trim() === '' || v === ALL ? undefined : v);

/** GET /produto/busca?q=&categoria=&subcategoria=&page=&pageSize= */
export async function searchProducts(search: ProductSearch, page = 1, signal?: AbortSignal): Promise<ProductPage> {
  const data = await http('/produto/busca', {
    query: {
      q: search.q.trim() || undefined,
      categoria: filter(search.categoria),
      subcategoria: filter(search.subcategoria),
      page,
      pageSize: SEARCH_PAGE_SIZE,
    },
    signal,
  });
  return productPageSchema.parse(data);
}

export const productSearchQueryOptions = (search: ProductSearch) =>
  infiniteQueryOptions({
    queryKey: ['produto', 'busca', { q: search.q.trim(), categoria: search.categoria, subcategoria: search.subcategoria }],
    queryFn: ({ pageParam, signal }) => searchProducts(search, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
    staleTime: 60_000,
  });

/** Keeps the previous grid on screen while a new search loads, so the page doesn't jump. */
export function useProductSearch(search: ProductSearch) {
  return useInfiniteQuery({ ...productSearchQueryOptions(search), placeholderData: keepPreviousData });
}
