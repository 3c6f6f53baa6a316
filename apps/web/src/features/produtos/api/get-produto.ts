import { produtoSchema, type Produto } from '@legiao/contracts/produto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/api/http';

/** GET /produto/{id}: one catalogue product (also one no longer sold). */
export async function getProduto(id: number, signal?: AbortSignal): Promise<Produto> {
  return produtoSchema.parse(await http(`/produto/${id}`, { signal }));
}

export const produtoQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['produto', id],
    queryFn: ({ signal }) => getProduto(id, signal),
    staleTime: 10 * 60_000,
  });

export function useProduto(id: number, options: { enabled?: boolean } = {}) {
  return useQuery({ ...produtoQueryOptions(id), enabled: options.enabled ?? true });
}
