import type { MemberProductGroup, MEMBER_PRODUCT_LISTS } from '@legiao/contracts/produto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/api/http';

export type MemberProductList = (typeof MEMBER_PRODUCT_LISTS)[number];

/** Every query of the member's products starts with this key: mutations invalidate it whole. */
export const memberProductsKey = ['produto-cliente'] as const;

/**
 * GET /produto/cliente?lista=&idProduto=: the member's products grouped by catalogue product.
 * colecao (home and /produtos) drops groups given away entirely; presentes keeps verified gifts.
 */
export async function getMemberProducts(
  params: { lista?: MemberProductList; idProduto?: number },
  signal?: AbortSignal,
): Promise<MemberProductGroup[]> {
  return http<MemberProductGroup[]>('/produto/cliente', { query: { lista: params.lista, idProduto: params.idProduto }, signal });
}

export const memberProductsQueryOptions = (list: MemberProductList) =>
  queryOptions({
    queryKey: [...memberProductsKey, { lista: list }],
    queryFn: ({ signal }) => getMemberProducts({ lista: list }, signal),
    staleTime: 30_000,
  });

export function useMemberProducts(list: MemberProductList) {
  return useQuery(memberProductsQueryOptions(list));
}

/** The member's group of one product (the edit page), or null when the member has none of it. */
export const memberProductGroupQueryOptions = (productId: number) =>
  queryOptions({
    queryKey: [...memberProductsKey, { idProduto: productId }],
    queryFn: async ({ signal }): Promise<MemberProductGroup | null> => (await getMemberProducts({ idProduto: productId }, signal))[0] ?? null,
  });

export function useMemberProductGroup(productId: number, options: { enabled?: boolean } = {}) {
  return useQuery({ ...memberProductGroupQueryOptions(productId), enabled: options.enabled ?? true });
}
