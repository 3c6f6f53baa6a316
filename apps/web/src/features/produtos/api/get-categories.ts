import { categoriesResponseSchema, type ProductCategory } from '@legiao/contracts/produto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/api/http';

/** GET /produto/categoria: categories with their subcategories (product lines), in badge order. */
export async function getCategories(signal?: AbortSignal): Promise<ProductCategory[]> {
  return categoriesResponseSchema.parse(await http('/produto/categoria', { signal }));
}

export const categoriesQueryOptions = () =>
  queryOptions({
    queryKey: ['produto', 'categorias'],
    queryFn: ({ signal }) => getCategories(signal),
    staleTime: 10 * 60_000,
  });

export function useCategories() {
  return useQuery(categoriesQueryOptions());
}
