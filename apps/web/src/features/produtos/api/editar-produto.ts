import { editarProdutoResponseSchema, type EditarProdutoInput } from '@legiao/contracts/produto';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { http } from '../../../shared/api/http';
import { grupoProdutoClienteQueryOptions, produtosClienteKey } from './get-produtos-cliente';

export type EditarProdutoResponse = z.infer<typeof editarProdutoResponseSchema>;

/** PUT /produto/cliente: a partial update of one entry (id) of the member's product (idProduto). */
export async function editarProduto(input: EditarProdutoInput): Promise<EditarProdutoResponse> {
  return editarProdutoResponseSchema.parse(await http('/produto/cliente', { method: 'PUT', body: input }));
}

export function useEditarProduto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editarProduto,
    onSuccess: ({ grupo }) => {
      // The answer carries the updated group: the edit page shows it at once; the lists are only
      // marked stale and load again when a page that shows them mounts.
      void queryClient.invalidateQueries({ queryKey: produtosClienteKey, refetchType: 'none' });
      queryClient.setQueryData(grupoProdutoClienteQueryOptions(grupo.id).queryKey, grupo);
    },
  });
}
