import type { Benefit } from '@legiao/contracts/beneficio';
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../../shared/api/http';
import { benefitKeys } from './keys';

/** GET /beneficio/{id}: one benefit (404 when the member doesn't see it). */
export async function getBenefit(id: number, signal?: AbortSignal): Promise<Benefit> {
  return http<Benefit>(`/beneficio/${id}`, { signal });
}

export const benefitQueryOptions = (id: number) =>
  queryOptions({ queryKey: benefitKeys.um(id), queryFn: ({ signal }) => getBenefit(id, signal) });
