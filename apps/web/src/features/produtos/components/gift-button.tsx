import type { MemberProductItem } from '@legiao/contracts/produto';
import { checkedAsGift, asksGiftQuantity, giftLabel } from '../lib/product-rules';
import { GiftIcon } from './icons';

interface GiftButtonProps {
  item: MemberProductItem;
  disabled?: boolean;
  /** Flip the mark (a received gift, or a verified order of one unit). */
  onToggle: () => void;
  /** A verified order of several units: ask how many were gifts. */
  onRequestQuantity: () => void;
}

/** 'Comprei para presente' for a verified entry, 'Ganhei de presente' otherwise (spec 001 section 4). */
export function GiftButton({ item, disabled, onToggle, onRequestQuantity }: GiftButtonProps) {
  const label = giftLabel(item);
  if (asksGiftQuantity(item)) {
    return (
      <div className="presente-acao">
        <button type="button" className="button button--presente" onClick={onRequestQuantity} disabled={disabled}>
          <GiftIcon />
          {label}
        </button>
        <span className="presente-acao__info">
          {item.quantidadePresente} de {item.quantidade} para presente
        </span>
      </div>
    );
  }
  const checked = checkedAsGift(item);
  return (
    <button
      type="button"
      className={checked ? 'button button--presente button--marcado' : 'button button--presente'}
      aria-pressed={checked}
      onClick={onToggle}
      disabled={disabled}
    >
      <GiftIcon />
      {label}
    </button>
  );
}
