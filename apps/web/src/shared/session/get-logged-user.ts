import type { SignedInUser } from '@legiao/contracts/usuario';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { MSG } from '@legiao/contracts/messages';
import { ApiError } from '../api/api-error';
import { http } from '../api/http';
import { prefetchedData } from '../api/prefetch';
import { getToken, readStoredUser, storeUser } from './session';

export type LoggedUser = SignedInUser;

/** GET /usuario/logged: the logged user, also kept in storage under 'user' and 'alldatauser'. */
export async function getLoggedUser(signal?: AbortSignal): Promise<LoggedUser> {
  const token = getToken();
  if (!token) throw new ApiError(401, MSG.naoAutenticado);
  const user = await http<LoggedUser>('/usuario/logged', { signal });
  // A logout (or another login) while this was in flight must not bring the old user back.
  if (getToken() === token) storeUser(user);
  return user;
}

export const loggedUserQueryKey = ['usuario', 'logged'] as const;

/** The user the first-screen prefetch already read (kept in storage too, as a fetch would). */
function prefetchedUser(): { user: LoggedUser; at: number } | undefined {
  const found = prefetchedData('/api/usuario/logged');
  if (!found || typeof found.data !== 'object' || found.data === null) return undefined;
  return { user: found.data as LoggedUser, at: found.at };
}

export const loggedUserQueryOptions = () =>
  queryOptions({
    queryKey: loggedUserQueryKey,
    queryFn: ({ signal }) => getLoggedUser(signal),
    staleTime: 60_000,
    initialData: () => {
      const found = prefetchedUser();
      if (found) storeUser(found.user);
      return found?.user;
    },
    initialDataUpdatedAt: () => prefetchedUser()?.at,
  });

export function useLoggedUser(options: { enabled?: boolean } = {}) {
  return useQuery({ ...loggedUserQueryOptions(), enabled: options.enabled ?? true });
}

/** The stored copy, for chrome (menus) that must not wait for the network. */
export function useStoredUser(): LoggedUser | undefined {
  // The prefetched answer when it is here (fresh), else the stored copy (stale: asked again at once).
  const query = useQuery({
    ...loggedUserQueryOptions(),
    initialData: () => prefetchedUser()?.user ?? readStoredUser<LoggedUser>(),
    initialDataUpdatedAt: () => prefetchedUser()?.at ?? 0,
  });
  return query.data;
}

export function firstName(name: string | null | undefined): string {
  return (name ?? '').trim().split(/\s+/)[0] ?? '';
}
