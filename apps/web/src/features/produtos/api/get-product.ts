import { productSchema, type Product } from '@legiao/contracts/produto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/api/http';

/** GET /produto/{id}: one catalogue product (also one no longer sold). */
export async function getProduct(id: number, signal?: AbortSignal): Promise<Product> {
  return productSchema.parse(await http(`/produto/${id}`, { signal }));
}

export const productQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['produto', id],
    queryFn: ({ signal }) => getProduct(id, signal),
    staleTime: 10 * 60_000,
  });

export function useProduct(id: number, options: { enabled?: boolean } = {}) {
  return useQuery({ ...productQueryOptions(id), enabled: options.enabled ?? true });
}
