import {
  GIFT_PLACE,
  type EditProductInput,
  type MemberProductGroup,
  type MemberProductItem,
} from '@legiao/contracts/produto';

// The edit page's rules (spec 001 sections 4 and 9), kept apart from the screens to be tested alone.

export const BOUGHT_LABEL = 'Comprei para presente';
export const EARNED_LABEL = 'Ganhei de presente';
/** Where an entry goes when it stops being a received gift but its place said it was one. */
export const PLACE_WITHOUT_GIFT = 'Nao Lembro';

/** The gift button reads 'Comprei para presente' for a verified entry, 'Ganhei de presente' otherwise. */
export const giftLabel = (item: MemberProductItem) => (item.produtoValidado ? BOUGHT_LABEL : EARNED_LABEL);

/** Whether the entry is marked as a gift in the sense its button means. */
export const checkedAsGift = (item: MemberProductItem) =>
  item.produtoValidado ? item.compradoParaPresente : item.presente;

/** Removal is offered only when no entry of the product is verified. */
export const canRemoveProduct = (group: MemberProductGroup) => !group.produtos.some((i) => i.produtoValidado);

/** A verified order of more than one unit says how many were gifts (0 to its quantity) in a modal. */
export const asksGiftQuantity = (item: MemberProductItem) => item.produtoValidado && item.quantidade > 1;

/**
 * The PUT that flips an entry's gift mark. The single-product edit sends quantidade 1 (spec 001
 * section 9); a verified order keeps its own quantity, which the server won't let change.
 * Un-marking a received gift whose place is 'Ganhei de presente' also moves the place to
 * 'Nao Lembro', or the server would keep it a gift (that place sets the flag).
 */
export function toggleGift(productId: number, item: MemberProductItem, single: boolean): EditProductInput {
  if (item.produtoValidado) {
    return { id: item.id, idProduto: productId, compradoParaPresente: !item.compradoParaPresente, ...(single ? { quantidade: item.quantidade } : {}) };
  }
  const gift = !item.presente;
  return {
    id: item.id,
    idProduto: productId,
    presente: gift,
    ...(single ? { quantidade: 1 } : {}),
    ...(!gift && item.localCompra === GIFT_PLACE ? { localCompra: PLACE_WITHOUT_GIFT } : {}),
  };
}

/** The PUT of the gift-quantity modal (verified orders only). */
export function setGiftQuantity(productId: number, item: MemberProductItem, quantity: number): EditProductInput {
  return { id: item.id, idProduto: productId, quantidadePresente: quantity, compradoParaPresente: quantity > 0 };
}
