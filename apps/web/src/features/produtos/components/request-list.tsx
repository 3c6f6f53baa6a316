import type { MemberProductItem } from '@legiao/contracts/produto';
import { useId } from 'react';
import { formatPurchaseDate, formatUnits } from '../lib/product-format';
import { checkedAsGift, giftLabel } from '../lib/product-rules';
import { EditIcon, GiftIcon, StatusIcon, VerifiedIcon } from './icons';

/** The orders of a product bought more than once: date, units, verified and gift icons, edit. */
export function RequestList({ itens: items, onEdit }: { itens: MemberProductItem[]; onEdit: (id: string) => void }) {
  const titleId = useId();
  return (
    <section className="pedidos" aria-labelledby={titleId}>
      <h2 id={titleId} className="edicao__subtitulo">
        Meus pedidos
      </h2>
      <ul className="pedidos__lista">
        {items.map((item) => {
          const data = formatPurchaseDate(item.dataCompra);
          return (
            <li key={item.id} className="pedido">
              <span className="pedido__data">{data}</span>
              <span className="pedido__unidades">{formatUnits(item.quantidade)}</span>
              <span className="pedido__local">{item.localCompra}</span>
              <span className="pedido__icones">
                {item.produtoValidado ? (
                  <StatusIcon kind="verificado" label="Compra verificada">
                    <VerifiedIcon />
                  </StatusIcon>
                ) : null}
                {checkedAsGift(item) ? (
                  <StatusIcon kind="presente" label={giftLabel(item)}>
                    <GiftIcon />
                  </StatusIcon>
                ) : null}
              </span>
              <button type="button" className="icon-button" aria-label={`Editar pedido de ${data}`} onClick={() => onEdit(item.id)}>
                <EditIcon />
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
