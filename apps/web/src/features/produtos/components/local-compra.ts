import { LOCAIS_COMPRA, LOCAL_OUTRO, LOCAL_PRESENTE, PRODUTO_MSG } from '@legiao/contracts/produto';
import { z } from 'zod';

/** The purchase-place fields of the add and order forms: the select and the 'Outro' free text. */
export const localCompraFields = {
  localCompra: z.string().min(1, PRODUTO_MSG.localObrigatorio),
  localCompraOutro: z.string().trim().max(80, PRODUTO_MSG.localLongo),
};

/** 'Outro' needs its free text (spec 001 section 5). */
export function exigirLojaOutro(v: { localCompra: string; localCompraOutro: string }, ctx: z.RefinementCtx) {
  if (v.localCompra === LOCAL_OUTRO && v.localCompraOutro.trim() === '') {
    ctx.addIssue({ code: 'custom', path: ['localCompraOutro'], message: PRODUTO_MSG.localObrigatorio });
  }
}

export const localCompraFormSchema = z.object(localCompraFields).superRefine(exigirLojaOutro);
export type LocalCompraForm = z.input<typeof localCompraFormSchema>;

/**
 * What goes on the wire: the free text replaces 'Outro'; 'Ganhei de presente' sets presente
 * (spec 001 section 9).
 */
export function localCompraParaEnvio(v: { localCompra: string; localCompraOutro: string }) {
  const localCompra = v.localCompra === LOCAL_OUTRO ? v.localCompraOutro.trim() : v.localCompra;
  return { localCompra, presente: v.localCompra === LOCAL_PRESENTE };
}

const LISTADOS = new Set<string>(LOCAIS_COMPRA.map((l) => l.value));

/** A stored place back into the form: a listed place as itself, any other text as 'Outro' + text. */
export function localCompraParaForm(localCompra: string): { localCompra: string; localCompraOutro: string } {
  if (LISTADOS.has(localCompra)) return { localCompra, localCompraOutro: '' };
  if (localCompra.trim() === '') return { localCompra: '', localCompraOutro: '' };
  return { localCompra: LOCAL_OUTRO, localCompraOutro: localCompra };
}
