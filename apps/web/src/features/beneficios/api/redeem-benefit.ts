import { IDEMPOTENCY_HEADER } from '@legiao/contracts/beneficio-constants';
import type { RedemptionResponse } from '@legiao/contracts/beneficio';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../shared/api/http';
import { loggedUserQueryKey } from '../../../shared/session/get-logged-user';
import { referralKey } from '../../indicacoes/api/get-referral';
import { benefitKeys } from './keys';

export interface RedemptionInput {
  idBeneficio: number;
  idOpcao?: number;
  /** One per redemption attempt, reused when the same attempt is retried (docs/decisions/0009-economy.md). */
  chave: string;
}

/** POST /beneficio/resgate: debits the balance and hands out the coupon (201 coupon + saldo). */
export async function redeemBenefit({ idBeneficio: benefitId, idOpcao: optionId, chave: key }: RedemptionInput): Promise<RedemptionResponse> {
  return http<RedemptionResponse>('/beneficio/resgate', {
    method: 'POST',
    body: { idBeneficio: benefitId, idOpcao: optionId, aceiteTermos: true },
    headers: { [IDEMPOTENCY_HEADER]: key },
  });
}

export function useRedeemBenefit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: redeemBenefit,
    // The benefit, the list and the coupons change, and so does the balance (logged user, referrals).
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: benefitKeys.todos }),
        queryClient.invalidateQueries({ queryKey: loggedUserQueryKey }),
        queryClient.invalidateQueries({ queryKey: referralKey }),
      ]),
  });
}
