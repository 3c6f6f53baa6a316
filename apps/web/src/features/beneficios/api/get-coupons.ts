import type { Coupon } from '@legiao/contracts/beneficio';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/api/http';
import { benefitKeys } from './keys';

/** GET /beneficio/cupom: the member's coupons, newest first. */
export async function getCoupons(signal?: AbortSignal): Promise<Coupon[]> {
  return http<Coupon[]>('/beneficio/cupom', { signal });
}

export function useCoupons() {
  return useQuery({ queryKey: benefitKeys.cupons, queryFn: ({ signal }) => getCoupons(signal) });
}
