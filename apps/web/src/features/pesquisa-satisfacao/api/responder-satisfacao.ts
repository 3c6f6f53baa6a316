import { satisfacaoEstadoSchema, type SatisfacaoEstado, type SatisfacaoInput } from '@legiao/contracts/satisfacao';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../shared/api/http';
import { satisfacaoMutationKey, satisfacaoQueryKey } from './get-satisfacao';

/** POST /satisfacao { hash, respostas }: one page's answers; the server answers the next state. */
export async function responderSatisfacao(input: SatisfacaoInput): Promise<SatisfacaoEstado> {
  return satisfacaoEstadoSchema.parse(await http('/satisfacao', { method: 'POST', body: input }));
}

export function useResponderSatisfacao() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...satisfacaoMutationKey, 'responder'],
    mutationFn: responderSatisfacao,
    // The spec reloads the questions after posting: GET again rather than trust a cached copy.
    onSuccess: (_estado, input) => queryClient.refetchQueries({ queryKey: satisfacaoQueryKey(input.hash), exact: true }),
  });
}
