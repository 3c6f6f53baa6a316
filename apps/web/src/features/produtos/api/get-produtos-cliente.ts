import type { GrupoProdutoCliente, LISTAS_PRODUTO_CLIENTE } from '@legiao/contracts/produto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/api/http';

export type ListaProdutoCliente = (typeof LISTAS_PRODUTO_CLIENTE)[number];

/** Every query of the member's products starts with this key: mutations invalidate it whole. */
export const produtosClienteKey = ['produto-cliente'] as const;

/**
 * GET /produto/cliente?lista=&idProduto=: the member's products grouped by catalogue product.
 * colecao (home and /produtos) drops groups given away entirely; presentes keeps verified gifts.
 */
export async function getProdutosCliente(
  params: { lista?: ListaProdutoCliente; idProduto?: number },
  signal?: AbortSignal,
): Promise<GrupoProdutoCliente[]> {
  return http<GrupoProdutoCliente[]>('/produto/cliente', { query: { lista: params.lista, idProduto: params.idProduto }, signal });
}

export const produtosClienteQueryOptions = (lista: ListaProdutoCliente) =>
  queryOptions({
    queryKey: [...produtosClienteKey, { lista }],
    queryFn: ({ signal }) => getProdutosCliente({ lista }, signal),
    staleTime: 30_000,
  });

export function useProdutosCliente(lista: ListaProdutoCliente) {
  return useQuery(produtosClienteQueryOptions(lista));
}

/** The member's group of one product (the edit page), or null when the member has none of it. */
export const grupoProdutoClienteQueryOptions = (idProduto: number) =>
  queryOptions({
    queryKey: [...produtosClienteKey, { idProduto }],
    queryFn: async ({ signal }): Promise<GrupoProdutoCliente | null> => (await getProdutosCliente({ idProduto }, signal))[0] ?? null,
  });

export function useGrupoProdutoCliente(idProduto: number, options: { enabled?: boolean } = {}) {
  return useQuery({ ...grupoProdutoClienteQueryOptions(idProduto), enabled: options.enabled ?? true });
}
