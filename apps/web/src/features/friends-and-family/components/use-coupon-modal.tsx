import type { FriendsFamilyCoupon } from '@legiao/contracts/friends-family';
import { mailtoUrl, whatsappUrl } from '../../../shared/lib/clipboard';
import { Modal } from '../../../shared/ui/modal';
import { SUBJECT_FF, ffCouponMessage } from '../lib/ff-message';
import { CopyableCoupon } from './copyable-coupon';

/** USAR CUPOM: the code with its copy icon, the validity text and sharing by e-mail and WhatsApp. */
export function UseCouponModal({ cupom: coupon, onClose }: { cupom: FriendsFamilyCoupon; onClose: () => void }) {
  const message = ffCouponMessage(coupon);
  return (
    <Modal titulo={`Cupom de ${coupon.percentual}% OFF`} onClose={onClose}>
      <CopyableCoupon cupom={coupon.cupom} />
      <p className="modal__texto">{coupon.validade}</p>
      <div className="modal__acoes">
        <a className="button button--small button--ghost" href={mailtoUrl(SUBJECT_FF, message)}>
          Compartilhar por e-mail
        </a>
        <a className="button button--small button--ghost" href={whatsappUrl(message)} target="_blank" rel="noopener noreferrer">
          Compartilhar pelo WhatsApp
        </a>
      </div>
    </Modal>
  );
}
