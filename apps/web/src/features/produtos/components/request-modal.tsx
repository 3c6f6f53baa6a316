import { zodResolver } from '@hookform/resolvers/zod';
import { purchaseDateSchema, OTHER_PLACE, GIFT_PLACE, parsePurchaseDate, type MemberProductItem } from '@legiao/contracts/produto';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { isoToDateInput } from '../../../shared/lib/dates';
import { TextField } from '../../../shared/ui/text-field';
import { formatMemberCode, formatPurchaseDate, formatUnits } from '../lib/product-format';
import { toggleGift } from '../lib/product-rules';
import { GiftButton } from './gift-button';
import { requireOtherStore, purchasePlaceFields, purchasePlaceToSend, purchasePlaceToForm } from './purchase-place';
import { PurchasePlaceFields } from './purchase-place-fields';
import { Modal } from '../../../shared/ui/modal';
import { useSaveProduct } from './use-save-product';

const requestSchema = z.object({ ...purchasePlaceFields, dataCompra: purchaseDateSchema }).superRefine(requireOtherStore);
type RequestForm = z.input<typeof requestSchema>;
type RequestData = z.output<typeof requestSchema>;

interface RequestModalProps {
  idProduto: number;
  item: MemberProductItem;
  /** The product's only entry: its edit sends quantidade 1 (spec 001 section 9). */
  unico: boolean;
  onClose: () => void;
  onRequestQuantity: () => void;
  onRemove: () => void;
}

/**
 * One order: place and date (a missing or invalid date says 'Data inválida'), the gift mark and,
 * for a non-verified order only, removal. A verified order is the brand's: only its gift mark changes.
 */
export function RequestModal({ idProduto: productId, item, unico: single, onClose, onRequestQuantity, onRemove }: RequestModalProps) {
  const { save: save, saving } = useSaveProduct();
  const data = formatPurchaseDate(item.dataCompra);
  const { register, handleSubmit, watch, formState, trigger } = useForm<RequestForm, unknown, RequestData>({
    resolver: zodResolver(requestSchema),
    defaultValues: { ...purchasePlaceToForm(item.localCompra), dataCompra: isoToDateInput(item.dataCompra) },
  });
  const { errors } = formState;

  // A stored date that is missing or invalid is flagged at once, not only on Salvar.
  const badDate = !item.produtoValidado && parsePurchaseDate(item.dataCompra) === null;
  useEffect(() => {
    if (badDate) void trigger('dataCompra');
  }, [badDate, trigger]);

  const onSubmit = handleSubmit((v) => {
    const { localCompra: purchasePlace, presente: gift } = purchasePlaceToSend(v);
    save(
      {
        id: item.id,
        idProduto: productId,
        localCompra: purchasePlace,
        dataCompra: v.dataCompra,
        // 'Ganhei de presente' makes it a received gift; leaving that place for a store undoes it.
        ...(gift ? { presente: true } : item.localCompra === GIFT_PLACE ? { presente: false } : {}),
        ...(single ? { quantidade: 1 } : {}),
      },
      onClose,
    );
  });

  const giftButton = (
    <GiftButton
      item={item}
      disabled={saving}
      onToggle={() => save(toggleGift(productId, item, single))}
      onRequestQuantity={onRequestQuantity}
    />
  );

  return (
    <Modal titulo="Editar pedido" onClose={onClose}>
      {item.produtoValidado ? (
        <>
          <dl className="pedido-resumo">
            <div>
              <dt>Data da compra</dt>
              <dd>{data}</dd>
            </div>
            <div>
              <dt>Onde você comprou</dt>
              <dd>{item.localCompra}</dd>
            </div>
            <div>
              <dt>Quantidade</dt>
              <dd>{formatUnits(item.quantidade)}</dd>
            </div>
            {item.codigosLegionario.length ? (
              <div>
                <dt>Número da Legião</dt>
                <dd>{item.codigosLegionario.map(formatMemberCode).join(', ')}</dd>
              </div>
            ) : null}
          </dl>
          <p className="form__hint">Compra verificada: só a marcação de presente pode ser alterada.</p>
          <div className="modal__acoes">{giftButton}</div>
        </>
      ) : (
        <>
          <form className="form" onSubmit={onSubmit} noValidate>
            <PurchasePlaceFields
              local={register('localCompra')}
              outro={register('localCompraOutro')}
              showOther={watch('localCompra') === OTHER_PLACE}
              localError={errors.localCompra?.message}
              otherError={errors.localCompraOutro?.message}
            />
            <TextField
              label="Data da compra"
              type="date"
              max={new Date().toISOString().slice(0, 10)}
              error={errors.dataCompra?.message}
              {...register('dataCompra')}
            />
            <button type="submit" className="button button--block" disabled={saving}>
              Salvar
            </button>
          </form>
          <div className="modal__acoes modal__acoes--separadas">
            {giftButton}
            <button type="button" className="button button--ghost button--perigo" onClick={onRemove}>
              Remover produto
            </button>
          </div>
        </>
      )}
    </Modal>
  );
}
