import { satisfactionStateSchema, type SatisfactionState } from '@legiao/contracts/satisfacao';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../shared/api/http';
import { satisfactionMutationKey, satisfactionQueryKey } from './get-satisfaction';

/** DELETE /satisfacao?hash=: clears this hash's answers (VOLTAR); the survey restarts where the server says. */
export async function restartSatisfaction(hash: string): Promise<SatisfactionState> {
  return satisfactionStateSchema.parse(await http('/satisfacao', { method: 'DELETE', query: { hash } }));
}

export function useRestartSatisfaction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...satisfactionMutationKey, 'reiniciar'],
    mutationFn: restartSatisfaction,
    onSuccess: (_state, hash) => queryClient.refetchQueries({ queryKey: satisfactionQueryKey(hash), exact: true }),
  });
}
