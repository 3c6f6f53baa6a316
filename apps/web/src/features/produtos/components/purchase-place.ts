import { PURCHASE_PLACES, OTHER_PLACE, GIFT_PLACE, PRODUCT_MSG } from '@legiao/contracts/produto';
import { z } from 'zod';

/** The purchase-place fields of the add and order forms: the select and the 'Outro' free text. */
export const purchasePlaceFields = {
  localCompra: z.string().min(1, PRODUCT_MSG.localObrigatorio),
  localCompraOutro: z.string().trim().max(80, PRODUCT_MSG.localLongo),
};

/** 'Outro' needs its free text (spec 001 section 5). */
export function requireOtherStore(v: { localCompra: string; localCompraOutro: string }, ctx: z.RefinementCtx) {
  if (v.localCompra === OTHER_PLACE && v.localCompraOutro.trim() === '') {
    ctx.addIssue({ code: 'custom', path: ['localCompraOutro'], message: PRODUCT_MSG.localObrigatorio });
  }
}

export const purchasePlaceFormSchema = z.object(purchasePlaceFields).superRefine(requireOtherStore);
export type PurchasePlaceForm = z.input<typeof purchasePlaceFormSchema>;

/**
 * What goes on the wire: the free text replaces 'Outro'; 'Ganhei de presente' sets presente
 * (spec 001 section 9).
 */
export function purchasePlaceToSend(v: { localCompra: string; localCompraOutro: string }) {
  const purchasePlace = v.localCompra === OTHER_PLACE ? v.localCompraOutro.trim() : v.localCompra;
  return { localCompra: purchasePlace, presente: v.localCompra === GIFT_PLACE };
}

const LISTED = new Set<string>(PURCHASE_PLACES.map((l) => l.value));

/** A stored place back into the form: a listed place as itself, any other text as 'Outro' + text. */
export function purchasePlaceToForm(purchasePlace: string): { localCompra: string; localCompraOutro: string } {
  if (LISTED.has(purchasePlace)) return { localCompra: purchasePlace, localCompraOutro: '' };
  if (purchasePlace.trim() === '') return { localCompra: '', localCompraOutro: '' };
  return { localCompra: OTHER_PLACE, localCompraOutro: purchasePlace };
}
