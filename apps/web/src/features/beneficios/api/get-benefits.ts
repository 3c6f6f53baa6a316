import type { Benefit } from '@legiao/contracts/beneficio';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/api/http';
import { benefitKeys } from './keys';

/**
 * GET /beneficio: the benefits the member sees, each with its card state. Read as typed data: the
 * API serialises it through the contract's schema (docs/decisions/0016-home-performance.md).
 */
export async function getBenefits(signal?: AbortSignal): Promise<Benefit[]> {
  return http<Benefit[]>('/beneficio', { signal });
}

export const benefitsQueryOptions = () =>
  queryOptions({ queryKey: benefitKeys.lista, queryFn: ({ signal }) => getBenefits(signal) });

export function useBenefits() {
  return useQuery(benefitsQueryOptions());
}
