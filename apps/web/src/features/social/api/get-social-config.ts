import type { SocialConfig } from '@legiao/contracts/social';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/api/http';

/** GET /auth/social-config: which providers are on (read at run time, so one build fits every place). */
export function getSocialConfig(signal?: AbortSignal): Promise<SocialConfig> {
  return http<SocialConfig>('/auth/social-config', { signal });
}

export const socialConfigQueryOptions = () =>
  queryOptions({ queryKey: ['auth', 'social-config'], queryFn: ({ signal }) => getSocialConfig(signal), staleTime: Infinity });

export function useSocialConfig() {
  return useQuery(socialConfigQueryOptions());
}
