import type { SignedInUser } from '@legiao/contracts/usuario';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { MSG } from '@legiao/contracts/messages';
import { ApiError } from '../api/api-error';
import { http } from '../api/http';
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

export const loggedUserQueryOptions = () =>
  queryOptions({
    queryKey: loggedUserQueryKey,
    queryFn: ({ signal }) => getLoggedUser(signal),
    staleTime: 60_000,
  });

export function useLoggedUser(options: { enabled?: boolean } = {}) {
  return useQuery({ ...loggedUserQueryOptions(), enabled: options.enabled ?? true });
}

/** The stored copy, for chrome (menus) that must not wait for the network. */
export function useStoredUser(): LoggedUser | undefined {
  const query = useQuery({
    ...loggedUserQueryOptions(),
    initialData: () => readStoredUser<LoggedUser>(),
    initialDataUpdatedAt: 0,
  });
  return query.data;
}

export function firstName(name: string | null | undefined): string {
  return (name ?? '').trim().split(/\s+/)[0] ?? '';
}
