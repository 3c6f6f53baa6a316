import { categoriasResponseSchema, type CategoriaProduto } from '@legiao/contracts/produto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/api/http';

/** GET /produto/categoria: categories with their subcategories (product lines), in badge order. */
export async function getCategorias(signal?: AbortSignal): Promise<CategoriaProduto[]> {
  return categoriasResponseSchema.parse(await http('/produto/categoria', { signal }));
}

export const categoriasQueryOptions = () =>
  queryOptions({
    queryKey: ['produto', 'categorias'],
    queryFn: ({ signal }) => getCategorias(signal),
    staleTime: 10 * 60_000,
  });

export function useCategorias() {
  return useQuery(categoriasQueryOptions());
}
