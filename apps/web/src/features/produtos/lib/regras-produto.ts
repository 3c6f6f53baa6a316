import {
  LOCAL_PRESENTE,
  type EditarProdutoInput,
  type GrupoProdutoCliente,
  type ProdutoClienteItem,
} from '@legiao/contracts/produto';

// The edit page's rules (spec 001 sections 4 and 9), kept apart from the screens to be tested alone.

export const ROTULO_COMPREI = 'Comprei para presente';
export const ROTULO_GANHEI = 'Ganhei de presente';
/** Where an entry goes when it stops being a received gift but its place said it was one. */
export const LOCAL_SEM_PRESENTE = 'Nao Lembro';

/** The gift button reads 'Comprei para presente' for a verified entry, 'Ganhei de presente' otherwise. */
export const rotuloPresente = (item: ProdutoClienteItem) => (item.produtoValidado ? ROTULO_COMPREI : ROTULO_GANHEI);

/** Whether the entry is marked as a gift in the sense its button means. */
export const marcadoComoPresente = (item: ProdutoClienteItem) =>
  item.produtoValidado ? item.compradoParaPresente : item.presente;

/** Removal is offered only when no entry of the product is verified. */
export const podeRemoverProduto = (grupo: GrupoProdutoCliente) => !grupo.produtos.some((i) => i.produtoValidado);

/** A verified order of more than one unit says how many were gifts (0 to its quantity) in a modal. */
export const pedeQuantidadePresente = (item: ProdutoClienteItem) => item.produtoValidado && item.quantidade > 1;

/**
 * The PUT that flips an entry's gift mark. The single-product edit sends quantidade 1 (spec 001
 * section 9); a verified order keeps its own quantity, which the server won't let change.
 * Un-marking a received gift whose place is 'Ganhei de presente' also moves the place to
 * 'Nao Lembro', or the server would keep it a gift (that place sets the flag).
 */
export function alternarPresente(idProduto: number, item: ProdutoClienteItem, unico: boolean): EditarProdutoInput {
  if (item.produtoValidado) {
    return { id: item.id, idProduto, compradoParaPresente: !item.compradoParaPresente, ...(unico ? { quantidade: item.quantidade } : {}) };
  }
  const presente = !item.presente;
  return {
    id: item.id,
    idProduto,
    presente,
    ...(unico ? { quantidade: 1 } : {}),
    ...(!presente && item.localCompra === LOCAL_PRESENTE ? { localCompra: LOCAL_SEM_PRESENTE } : {}),
  };
}

/** The PUT of the gift-quantity modal (verified orders only). */
export function definirQuantidadePresente(idProduto: number, item: ProdutoClienteItem, quantidade: number): EditarProdutoInput {
  return { id: item.id, idProduto, quantidadePresente: quantidade, compradoParaPresente: quantidade > 0 };
}
