import { IDEMPOTENCY_HEADER } from '@legiao/contracts/beneficio-constantes';
import type { ResgateResponse } from '@legiao/contracts/beneficio';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../shared/api/http';
import { loggedUserQueryKey } from '../../../shared/session/get-logged-user';
import { indicacaoKey } from '../../indicacoes/api/get-indicacao';
import { beneficioKeys } from './keys';

export interface ResgateInput {
  idBeneficio: number;
  idOpcao?: number;
  /** One per redemption attempt, reused when the same attempt is retried (docs/decisions/0009-economy.md). */
  chave: string;
}

/** POST /beneficio/resgate: debits the balance and hands out the coupon (201 coupon + saldo). */
export async function resgatarBeneficio({ idBeneficio, idOpcao, chave }: ResgateInput): Promise<ResgateResponse> {
  return http<ResgateResponse>('/beneficio/resgate', {
    method: 'POST',
    body: { idBeneficio, idOpcao, aceiteTermos: true },
    headers: { [IDEMPOTENCY_HEADER]: chave },
  });
}

export function useResgatarBeneficio() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resgatarBeneficio,
    // The benefit, the list and the coupons change, and so does the balance (logged user, referrals).
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: beneficioKeys.todos }),
        queryClient.invalidateQueries({ queryKey: loggedUserQueryKey }),
        queryClient.invalidateQueries({ queryKey: indicacaoKey }),
      ]),
  });
}
