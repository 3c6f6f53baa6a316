import { removeProductResponseSchema } from '@legiao/contracts/produto';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { http } from '../../../shared/api/http';
import { memberProductsKey } from './get-member-products';

export type RemoveProductResponse = z.infer<typeof removeProductResponseSchema>;

/**
 * DELETE /produto/cliente/{id}: one non-verified entry; with todos, every entry of that entry's
 * product (refused by the server when any of them is verified).
 */
export async function removeProduct({ id, todos: all = false }: { id: string; todos?: boolean }): Promise<RemoveProductResponse> {
  const data = await http(`/produto/cliente/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    query: all ? { todos: true } : undefined,
  });
  return removeProductResponseSchema.parse(data);
}

export function useRemoveProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeProduct,
    // Marked stale only: the page that shows a list loads it again when it mounts, and the edit
    // page updates its own copy (no refetch racing the navigation away).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: memberProductsKey, refetchType: 'none' }),
  });
}
