import { beneficiosResponseSchema, type Beneficio } from '@legiao/contracts/beneficio';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/api/http';
import { beneficioKeys } from './keys';

/** GET /beneficio: the benefits the member sees, each with its card state. */
export async function getBeneficios(signal?: AbortSignal): Promise<Beneficio[]> {
  return beneficiosResponseSchema.parse(await http('/beneficio', { signal }));
}

export const beneficiosQueryOptions = () =>
  queryOptions({ queryKey: beneficioKeys.lista, queryFn: ({ signal }) => getBeneficios(signal) });

export function useBeneficios() {
  return useQuery(beneficiosQueryOptions());
}
