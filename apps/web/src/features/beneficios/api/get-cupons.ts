import type { Cupom } from '@legiao/contracts/beneficio';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/api/http';
import { beneficioKeys } from './keys';

/** GET /beneficio/cupom: the member's coupons, newest first. */
export async function getCupons(signal?: AbortSignal): Promise<Cupom[]> {
  return http<Cupom[]>('/beneficio/cupom', { signal });
}

export function useCupons() {
  return useQuery({ queryKey: beneficioKeys.cupons, queryFn: ({ signal }) => getCupons(signal) });
}
