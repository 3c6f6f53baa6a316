import {
  adicionarProdutoResponseSchema,
  type AdicionarProdutoInput,
} from '@legiao/contracts/produto';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { http } from '../../../shared/api/http';
import { produtosClienteKey } from './get-produtos-cliente';

export type AdicionarProdutoResponse = z.infer<typeof adicionarProdutoResponseSchema>;

/** POST /produto/cliente { idProduto, localCompra, presente }: a new, non-verified entry. */
export async function adicionarProduto(input: AdicionarProdutoInput): Promise<AdicionarProdutoResponse> {
  return adicionarProdutoResponseSchema.parse(await http('/produto/cliente', { method: 'POST', body: input }));
}

export function useAdicionarProduto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: adicionarProduto,
    // Marked stale only: the page that shows a list loads it again when it mounts, and the edit
    // page updates its own copy (no refetch racing the navigation away).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: produtosClienteKey, refetchType: 'none' }),
  });
}
