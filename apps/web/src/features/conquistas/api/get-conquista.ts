import type { Conquista } from '@legiao/contracts/conquista';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/api/http';

export const conquistaQueryKey = ['conquista'] as const;

/** GET /Conquista (bearer, attached by the http client): the caller's achievements. */
export async function getConquista(signal?: AbortSignal): Promise<Conquista> {
  return http<Conquista>('/Conquista', { signal });
}

export const conquistaQueryOptions = () =>
  queryOptions({
    queryKey: conquistaQueryKey,
    queryFn: ({ signal }) => getConquista(signal),
    staleTime: 30_000,
  });

export function useConquista() {
  return useQuery(conquistaQueryOptions());
}
