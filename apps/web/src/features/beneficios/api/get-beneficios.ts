import type { Beneficio } from '@legiao/contracts/beneficio';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/api/http';
import { beneficioKeys } from './keys';

/**
 * GET /beneficio: the benefits the member sees, each with its card state. Read as typed data: the
 * API serialises it through the contract's schema (docs/decisions/0016-home-performance.md).
 */
export async function getBeneficios(signal?: AbortSignal): Promise<Beneficio[]> {
  return http<Beneficio[]>('/beneficio', { signal });
}

export const beneficiosQueryOptions = () =>
  queryOptions({ queryKey: beneficioKeys.lista, queryFn: ({ signal }) => getBeneficios(signal) });

export function useBeneficios() {
  return useQuery(beneficiosQueryOptions());
}
