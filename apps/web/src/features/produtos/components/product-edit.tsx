import { PRODUCT_MSG, type MemberProductGroup, type Product } from '@legiao/contracts/produto';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../../shared/api/api-error';
import { useNotices } from '../../../shared/notices/notice-context';
import { memberProductGroupQueryOptions } from '../api/get-member-products';
import { useRemoveProduct } from '../api/remove-product';
import { formatMemberCode, formatPurchaseDate, formatUnits } from '../lib/product-format';
import { toggleGift, canRemoveProduct } from '../lib/product-rules';
import { GiftButton } from './gift-button';
import { CategoryBadge } from './category-badge';
import { ProductDetail } from './product-detail';
import { ProductGallery } from './product-gallery';
import { VerifiedIcon } from './icons';
import { RequestModal } from './request-modal';
import { RequestList } from './request-list';
import { GiftModal } from './gift-modal';
import { RemoveModal } from './remove-modal';
import { useSaveProduct } from './use-save-product';

type ModalOpen = { tipo: 'pedido' | 'presente'; id: string } | { tipo: 'remover'; id?: string } | null;

/**
 * The edit page's content (spec 001 section 2.14): gallery, badge, name, gift and removal buttons,
 * details, and for a product with several orders the list of orders with their modals.
 */
export function ProductEdit({ produto: product, grupo: group }: { produto: Product; grupo: MemberProductGroup }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { notify } = useNotices();
  const remove = useRemoveProduct();
  const { save: save, saving } = useSaveProduct();
  const [modal, setModal] = useState<ModalOpen>(null);

  const items = group.produtos;
  const single = items.length === 1;
  const first = items[0]!;
  const modalItem = modal?.id ? items.find((i) => i.id === modal.id) : undefined;
  const images = [product.img, product.imgAlternativa, product.imagem3, product.imagem4].filter((s): s is string => !!s);
  const codes = items.flatMap((i) => i.codigosLegionario).sort((a, b) => a - b);
  const verified = items.some((i) => i.produtoValidado);
  const close = () => setModal(null);

  function confirmRemoval() {
    if (modal?.tipo !== 'remover') return;
    const target = modal.id;
    remove.mutate(
      { id: target ?? first.id, todos: !target },
      {
        onSuccess: () => {
          notify({ message: PRODUCT_MSG.removido, kind: 'success' });
          const key = memberProductGroupQueryOptions(group.id).queryKey;
          const remaining = target ? items.filter((i) => i.id !== target) : [];
          setModal(null);
          if (remaining.length === 0) {
            void navigate('/produtos', { replace: true });
            queryClient.removeQueries({ queryKey: key, exact: true });
          } else {
            const updated: MemberProductGroup = { ...group, produtos: remaining };
            queryClient.setQueryData(key, updated);
          }
        },
        onError: (error) => notify({ message: errorMessage(error) }),
      },
    );
  }

  return (
    <>
      <div className="edicao">
        <ProductGallery nome={product.nome} images={images} />
        <div className="edicao__info">
          <CategoryBadge categoria={product.categoria} />
          <h1 className="page__title edicao__nome">{product.nome}</h1>
          <p className="edicao__linha">{product.subcategoria}</p>
          {verified || codes.length ? (
            <ul className="edicao__selos">
              {verified ? (
                <li className="edicao__selo edicao__selo--verificado">
                  <VerifiedIcon /> Compra verificada
                </li>
              ) : null}
              {codes.length ? (
                <li className="edicao__selo">
                  Número da Legião: <strong>{codes.map(formatMemberCode).join(', ')}</strong>
                </li>
              ) : null}
            </ul>
          ) : null}
          {single ? (
            <div className="edicao__compra">
              <p>
                Comprado em <strong>{formatPurchaseDate(first.dataCompra)}</strong> · {first.localCompra}
                {first.quantidade > 1 ? ` · ${formatUnits(first.quantidade)}` : ''}
              </p>
              {!first.produtoValidado ? (
                <button type="button" className="link-button" onClick={() => setModal({ tipo: 'pedido', id: first.id })}>
                  Editar compra
                </button>
              ) : null}
            </div>
          ) : (
            <p className="edicao__dica">
              Você registrou este produto {items.length} vezes. Para marcar presentes ou alterar um pedido, use o ícone
              de edição em cada pedido.
            </p>
          )}
          <div className="edicao__acoes">
            {single ? (
              <GiftButton
                item={first}
                disabled={saving}
                onToggle={() => save(toggleGift(group.id, first, true))}
                onRequestQuantity={() => setModal({ tipo: 'presente', id: first.id })}
              />
            ) : null}
            {canRemoveProduct(group) ? (
              <button type="button" className="button button--ghost button--perigo" onClick={() => setModal({ tipo: 'remover' })}>
                Remover produto
              </button>
            ) : null}
          </div>
          {!single ? <RequestList itens={items} onEdit={(id) => setModal({ tipo: 'pedido', id })} /> : null}
          <ProductDetail produto={product} />
        </div>
      </div>

      {modal?.tipo === 'pedido' && modalItem ? (
        <RequestModal
          idProduto={group.id}
          item={modalItem}
          unico={single}
          onClose={close}
          onRequestQuantity={() => setModal({ tipo: 'presente', id: modalItem.id })}
          onRemove={() => setModal({ tipo: 'remover', id: modalItem.id })}
        />
      ) : null}
      {modal?.tipo === 'presente' && modalItem ? <GiftModal idProduto={group.id} item={modalItem} onClose={close} /> : null}
      {modal?.tipo === 'remover' ? (
        <RemoveModal
          titulo={modal.id && !single ? 'Remover este pedido?' : 'Remover produto?'}
          texto={
            modal.id && !single
              ? `O pedido de ${formatPurchaseDate(modalItem?.dataCompra)} sai da sua coleção. Esta ação não pode ser desfeita.`
              : 'O produto sai da sua coleção. Esta ação não pode ser desfeita.'
          }
          removing={remove.isPending}
          onConfirm={confirmRemoval}
          onClose={close}
        />
      ) : null}
    </>
  );
}
