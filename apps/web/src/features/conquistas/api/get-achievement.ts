import type { Achievement } from '@legiao/contracts/conquista';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/api/http';

export const achievementQueryKey = ['conquista'] as const;

/** GET /Conquista (bearer, attached by the http client): the caller's achievements. */
export async function getAchievement(signal?: AbortSignal): Promise<Achievement> {
  return http<Achievement>('/Conquista', { signal });
}

export const achievementQueryOptions = () =>
  queryOptions({
    queryKey: achievementQueryKey,
    queryFn: ({ signal }) => getAchievement(signal),
    staleTime: 30_000,
  });

export function useAchievement() {
  return useQuery(achievementQueryOptions());
}
