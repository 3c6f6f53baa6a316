import { satisfacaoEstadoSchema, type SatisfacaoEstado } from '@legiao/contracts/satisfacao';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/api/http';

/** GET /satisfacao?hash=: the page to answer (or the finished/closed state). Public: no login needed. */
export async function getSatisfacao(hash: string, signal?: AbortSignal): Promise<SatisfacaoEstado> {
  return satisfacaoEstadoSchema.parse(await http('/satisfacao', { query: { hash }, signal }));
}

/** Every survey mutation (answer, restart) starts with this key: the page's loader watches them. */
export const satisfacaoMutationKey = ['satisfacao'] as const;

export const satisfacaoQueryKey = (hash: string) => ['satisfacao', hash] as const;

export const satisfacaoQueryOptions = (hash: string) =>
  queryOptions({
    queryKey: satisfacaoQueryKey(hash),
    queryFn: ({ signal }) => getSatisfacao(hash, signal),
    // The server owns the step: always ask it again when the page mounts.
    staleTime: 0,
  });

export function useSatisfacao(hash: string) {
  return useQuery({ ...satisfacaoQueryOptions(hash), enabled: hash !== '' });
}
