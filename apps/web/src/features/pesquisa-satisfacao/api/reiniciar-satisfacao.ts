import { satisfacaoEstadoSchema, type SatisfacaoEstado } from '@legiao/contracts/satisfacao';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../shared/api/http';
import { satisfacaoMutationKey, satisfacaoQueryKey } from './get-satisfacao';

/** DELETE /satisfacao?hash=: clears this hash's answers (VOLTAR); the survey restarts where the server says. */
export async function reiniciarSatisfacao(hash: string): Promise<SatisfacaoEstado> {
  return satisfacaoEstadoSchema.parse(await http('/satisfacao', { method: 'DELETE', query: { hash } }));
}

export function useReiniciarSatisfacao() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...satisfacaoMutationKey, 'reiniciar'],
    mutationFn: reiniciarSatisfacao,
    onSuccess: (_estado, hash) => queryClient.refetchQueries({ queryKey: satisfacaoQueryKey(hash), exact: true }),
  });
}
