import type { CupomFriendsFamily } from '@legiao/contracts/friends-family';
import { formatDataExtrato } from '../../extrato/lib/extrato-format';

/** One coupon: '20% OFF' and USAR CUPOM, or marked as used (with the date the store reported). */
export function CupomFfCard({ cupom, onUsar }: { cupom: CupomFriendsFamily; onUsar: () => void }) {
  const usado = cupom.usoCupom;
  return (
    <article className={usado ? 'ff-cupom ff-cupom--usado' : 'ff-cupom'} aria-label={`Cupom ${cupom.ordem}`}>
      <p className="ff-cupom__percentual">{cupom.percentual}% OFF</p>
      <p className="ff-cupom__numero">Cupom {cupom.ordem} de 5</p>
      {usado ? (
        <p className="ff-cupom__status">
          Utilizado{cupom.dataUsoCupom ? ` em ${formatDataExtrato(cupom.dataUsoCupom)}` : ''}
        </p>
      ) : (
        <button type="button" className="button button--small" onClick={onUsar} aria-haspopup="dialog">
          USAR CUPOM
        </button>
      )}
    </article>
  );
}
