import { env } from '../../../shared/config/env';

export const SUBJECT_FF = 'Um cupom Friends & Family para você';

/** The text shared with a friend: the code, the discount and the validity text the API sends. */
export function ffCouponMessage(coupon: { cupom: string; percentual: number; validade: string }): string {
  return [
    `Separei um cupom Friends & Family para você: ${coupon.cupom}, com ${coupon.percentual}% OFF na loja oficial.`,
    coupon.validade,
    env.storeUrl,
  ].join('\n');
}
