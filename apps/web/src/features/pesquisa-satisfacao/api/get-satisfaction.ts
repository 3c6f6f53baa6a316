import { satisfactionStateSchema, type SatisfactionState } from '@legiao/contracts/satisfacao';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/api/http';

/** GET /satisfacao?hash=: the page to answer (or the finished/closed state). Public: no login needed. */
export async function getSatisfaction(hash: string, signal?: AbortSignal): Promise<SatisfactionState> {
  return satisfactionStateSchema.parse(await http('/satisfacao', { query: { hash }, signal }));
}

/** Every survey mutation (answer, restart) starts with this key: the page's loader watches them. */
export const satisfactionMutationKey = ['satisfacao'] as const;

export const satisfactionQueryKey = (hash: string) => ['satisfacao', hash] as const;

export const satisfactionQueryOptions = (hash: string) =>
  queryOptions({
    queryKey: satisfactionQueryKey(hash),
    queryFn: ({ signal }) => getSatisfaction(hash, signal),
    // The server owns the step: always ask it again when the page mounts.
    staleTime: 0,
  });

export function useSatisfaction(hash: string) {
  return useQuery({ ...satisfactionQueryOptions(hash), enabled: hash !== '' });
}
