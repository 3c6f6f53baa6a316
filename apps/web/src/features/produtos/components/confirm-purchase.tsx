import { zodResolver } from '@hookform/resolvers/zod';
import { OTHER_PLACE, type Product } from '@legiao/contracts/produto';
import { useForm } from 'react-hook-form';
import { errorMessage } from '../../../shared/api/api-error';
import { useNotices } from '../../../shared/notices/notice-context';
import { useAddProduct } from '../api/add-product';
import { CategoryBadge } from './category-badge';
import { purchasePlaceFormSchema, purchasePlaceToSend, type PurchasePlaceForm } from './purchase-place';
import { PurchasePlaceFields } from './purchase-place-fields';
import { ProductImage } from './product-image';

interface ConfirmPurchaseProps {
  produto: Product;
  onCompleted: () => void;
}

/** Step 2 of /novo-produto: review the chosen product, say where it was bought, FINALIZAR. */
export function ConfirmPurchase({ produto: product, onCompleted }: ConfirmPurchaseProps) {
  const { notify } = useNotices();
  const add = useAddProduct();
  const { register, handleSubmit, watch, formState } = useForm<PurchasePlaceForm>({
    resolver: zodResolver(purchasePlaceFormSchema),
    defaultValues: { localCompra: '', localCompraOutro: '' },
  });
  const { errors } = formState;

  const onSubmit = handleSubmit((v) => {
    add.mutate(
      { idProduto: product.id, ...purchasePlaceToSend(v) },
      { onSuccess: onCompleted, onError: (error) => notify({ message: errorMessage(error) }) },
    );
  });

  return (
    <div className="confirmar">
      <div className="confirmar__produto">
        <ProductImage className="confirmar__img" src={product.img} alt={product.nome} width={240} height={240} />
        <div className="confirmar__info">
          <CategoryBadge categoria={product.categoria} />
          <h2 className="confirmar__nome">{product.nome}</h2>
          <p className="confirmar__linha">{product.subcategoria}</p>
          <p className="confirmar__descricao">{product.descricaoDetalhe}</p>
        </div>
      </div>
      <form className="form confirmar__form" onSubmit={onSubmit} noValidate>
        <PurchasePlaceFields
          local={register('localCompra')}
          outro={register('localCompraOutro')}
          showOther={watch('localCompra') === OTHER_PLACE}
          localError={errors.localCompra?.message}
          otherError={errors.localCompraOutro?.message}
        />
        <button type="submit" className="button button--block" disabled={add.isPending}>
          FINALIZAR
        </button>
      </form>
    </div>
  );
}
