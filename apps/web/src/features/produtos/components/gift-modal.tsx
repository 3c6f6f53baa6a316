import { zodResolver } from '@hookform/resolvers/zod';
import { PRODUCT_MSG, type MemberProductItem } from '@legiao/contracts/produto';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { TextField } from '../../../shared/ui/text-field';
import { setGiftQuantity, BOUGHT_LABEL } from '../lib/product-rules';
import { Modal } from '../../../shared/ui/modal';
import { useSaveProduct } from './use-save-product';

/** 0 up to the order's quantity (spec 001 section 4). */
export function giftQuantitySchema(max: number) {
  const msg = PRODUCT_MSG.quantidadePresenteInvalida;
  return z.object({ quantidade: z.number({ error: msg }).int(msg).min(0, msg).max(max, msg) });
}

interface GiftModalProps {
  idProduto: number;
  item: MemberProductItem;
  onClose: () => void;
}

/** How many units of a verified order were bought as gifts (compradoParaPresente). */
export function GiftModal({ idProduto: productId, item, onClose }: GiftModalProps) {
  const { save: save, saving } = useSaveProduct();
  const schema = useMemo(() => giftQuantitySchema(item.quantidade), [item.quantidade]);
  const { register, handleSubmit, formState } = useForm<{ quantidade: number }>({
    resolver: zodResolver(schema),
    defaultValues: { quantidade: item.quantidadePresente },
  });

  const onSubmit = handleSubmit(({ quantidade: quantity }) => save(setGiftQuantity(productId, item, quantity), onClose));

  return (
    <Modal titulo={BOUGHT_LABEL} onClose={onClose}>
      <form className="form" onSubmit={onSubmit} noValidate>
        <p className="form__intro">
          Quantas das {item.quantidade} unidades deste pedido você comprou para presentear?
        </p>
        <TextField
          label="Quantidade para presente"
          type="number"
          inputMode="numeric"
          min={0}
          max={item.quantidade}
          step={1}
          hint={`De 0 a ${item.quantidade}`}
          data-autofocus
          error={formState.errors.quantidade?.message}
          {...register('quantidade', { valueAsNumber: true })}
        />
        <button type="submit" className="button button--block" disabled={saving}>
          Salvar
        </button>
      </form>
    </Modal>
  );
}
