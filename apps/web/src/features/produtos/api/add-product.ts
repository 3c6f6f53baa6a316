import {
  addProductResponseSchema,
  type AddProductInput,
} from '@legiao/contracts/produto';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { http } from '../../../shared/api/http';
import { memberProductsKey } from './get-member-products';

export type AddProductResponse = z.infer<typeof addProductResponseSchema>;

/** POST /produto/cliente { idProduto, localCompra, presente }: a new, non-verified entry. */
export async function addProduct(input: AddProductInput): Promise<AddProductResponse> {
  return addProductResponseSchema.parse(await http('/produto/cliente', { method: 'POST', body: input }));
}

export function useAddProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addProduct,
    // Marked stale only: the page that shows a list loads it again when it mounts, and the edit
    // page updates its own copy (no refetch racing the navigation away).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: memberProductsKey, refetchType: 'none' }),
  });
}
