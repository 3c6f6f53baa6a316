import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../api/http';
import { navigateTo, scrollToTop } from '../navigation/app-navigate';
import { clearSession } from './session';

/** POST /auth/logout: the server revokes the token. Its failure must never keep a user logged in. */
export async function logout(): Promise<void> {
  try {
    await http('/auth/logout', { method: 'POST', skipUnauthorizedHandler: true });
  } catch (error) {
    console.warn('Falha ao encerrar a sessão no servidor.', error);
  }
  clearSession();
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSettled: () => {
      navigateTo('/');
      scrollToTop();
      queryClient.clear();
    },
  });
}
