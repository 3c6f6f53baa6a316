import { editProductResponseSchema, type EditProductInput } from '@legiao/contracts/produto';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { http } from '../../../shared/api/http';
import { memberProductGroupQueryOptions, memberProductsKey } from './get-member-products';

export type EditProductResponse = z.infer<typeof editProductResponseSchema>;

/** PUT /produto/cliente: a partial update of one entry (id) of the member's product (idProduto). */
export async function editProduct(input: EditProductInput): Promise<EditProductResponse> {
  return editProductResponseSchema.parse(await http('/produto/cliente', { method: 'PUT', body: input }));
}

export function useEditProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editProduct,
    onSuccess: ({ grupo: group }) => {
      // The answer carries the updated group: the edit page shows it at once; the lists are only
      // marked stale and load again when a page that shows them mounts.
      void queryClient.invalidateQueries({ queryKey: memberProductsKey, refetchType: 'none' });
      queryClient.setQueryData(memberProductGroupQueryOptions(group.id).queryKey, group);
    },
  });
}
