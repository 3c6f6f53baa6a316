import { removerProdutoResponseSchema } from '@legiao/contracts/produto';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { http } from '../../../shared/api/http';
import { produtosClienteKey } from './get-produtos-cliente';

export type RemoverProdutoResponse = z.infer<typeof removerProdutoResponseSchema>;

/**
 * DELETE /produto/cliente/{id}: one non-verified entry; with todos, every entry of that entry's
 * product (refused by the server when any of them is verified).
 */
export async function removerProduto({ id, todos = false }: { id: string; todos?: boolean }): Promise<RemoverProdutoResponse> {
  const data = await http(`/produto/cliente/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    query: todos ? { todos: true } : undefined,
  });
  return removerProdutoResponseSchema.parse(data);
}

export function useRemoverProduto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removerProduto,
    // Marked stale only: the page that shows a list loads it again when it mounts, and the edit
    // page updates its own copy (no refetch racing the navigation away).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: produtosClienteKey, refetchType: 'none' }),
  });
}
