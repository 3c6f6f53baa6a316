import { pesquisaEstadoSchema, type PesquisaEstado } from '@legiao/contracts/pesquisa';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/api/http';

export const pesquisaQueryKey = ['pesquisa'] as const;

/** GET /pesquisa: the member's current personalisation question, or the finished state. */
export async function getPesquisa(signal?: AbortSignal): Promise<PesquisaEstado> {
  return pesquisaEstadoSchema.parse(await http('/pesquisa', { signal }));
}

export const pesquisaQueryOptions = () =>
  queryOptions({
    queryKey: pesquisaQueryKey,
    queryFn: ({ signal }) => getPesquisa(signal),
    // A failed load shows the finished view (spec 001 section 8): no retry loop in front of it.
    retry: false,
  });

export function usePesquisa() {
  return useQuery(pesquisaQueryOptions());
}
