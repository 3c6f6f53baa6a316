import type { FriendsFamilyCoupon } from '@legiao/contracts/friends-family';
import { formatStatementDate } from '../../extrato/lib/statement-format';

/** One coupon: '20% OFF' and USAR CUPOM, or marked as used (with the date the store reported). */
export function FfCouponCard({ cupom: coupon, onUse }: { cupom: FriendsFamilyCoupon; onUse: () => void }) {
  const used = coupon.usoCupom;
  return (
    <article className={used ? 'ff-cupom ff-cupom--usado' : 'ff-cupom'} aria-label={`Cupom ${coupon.ordem}`}>
      <p className="ff-cupom__percentual">{coupon.percentual}% OFF</p>
      <p className="ff-cupom__numero">Cupom {coupon.ordem} de 5</p>
      {used ? (
        <p className="ff-cupom__status">
          Utilizado{coupon.dataUsoCupom ? ` em ${formatStatementDate(coupon.dataUsoCupom)}` : ''}
        </p>
      ) : (
        <button type="button" className="button button--small" onClick={onUse} aria-haspopup="dialog">
          USAR CUPOM
        </button>
      )}
    </article>
  );
}
