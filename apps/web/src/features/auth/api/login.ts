import type { LoginInput, TokenResponse } from '@legiao/contracts/auth';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { http } from '../../../shared/api/http';
import { getLoggedUser, loggedUserQueryKey } from '../../../shared/session/get-logged-user';
import { setToken } from '../../../shared/session/session';

/** POST /auth/login: answers { token: { token, tipo, expiraEm } }. `ticket` is the waiting room's admission. */
export function postLogin(input: LoginInput): Promise<TokenResponse> {
  return http<TokenResponse>('/auth/login', { method: 'POST', body: input });
}

/** Stores the token, then loads and stores the logged user (its failure is only logged). */
export async function startSession({ token }: TokenResponse, queryClient: QueryClient) {
  setToken(token.token);
  try {
    const user = await getLoggedUser();
    queryClient.setQueryData(loggedUserQueryKey, user);
  } catch (error) {
    console.warn('Não foi possível carregar o usuário logado.', error);
  }
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: LoginInput) => startSession(await postLogin(input), queryClient),
  });
}
