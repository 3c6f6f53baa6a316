import type { Beneficio } from '@legiao/contracts/beneficio';
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../../shared/api/http';
import { beneficioKeys } from './keys';

/** GET /beneficio/{id}: one benefit (404 when the member doesn't see it). */
export async function getBeneficio(id: number, signal?: AbortSignal): Promise<Beneficio> {
  return http<Beneficio>(`/beneficio/${id}`, { signal });
}

export const beneficioQueryOptions = (id: number) =>
  queryOptions({ queryKey: beneficioKeys.um(id), queryFn: ({ signal }) => getBeneficio(id, signal) });
