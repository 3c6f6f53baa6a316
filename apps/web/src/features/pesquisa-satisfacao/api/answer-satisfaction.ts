import { satisfactionStateSchema, type SatisfactionState, type SatisfactionInput } from '@legiao/contracts/satisfacao';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../shared/api/http';
import { satisfactionMutationKey, satisfactionQueryKey } from './get-satisfaction';

/** POST /satisfacao { hash, respostas }: one page's answers; the server answers the next state. */
export async function answerSatisfaction(input: SatisfactionInput): Promise<SatisfactionState> {
  return satisfactionStateSchema.parse(await http('/satisfacao', { method: 'POST', body: input }));
}

export function useAnswerSatisfaction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...satisfactionMutationKey, 'responder'],
    mutationFn: answerSatisfaction,
    // The spec reloads the questions after posting: GET again rather than trust a cached copy.
    onSuccess: (_state, input) => queryClient.refetchQueries({ queryKey: satisfactionQueryKey(input.hash), exact: true }),
  });
}
