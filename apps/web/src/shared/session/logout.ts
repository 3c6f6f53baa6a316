import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../api/http';
import { navigateTo, scrollToTop } from '../navigation/app-navigate';
import { clearSession } from './session';

type LogoutListener = () => void;
const logoutListeners = new Set<LogoutListener>();

/**
 * Runs `listener` on every Sair, before the session is cleared (the waiting room frees the place).
 * Shared code can't import features, so they subscribe here. Returns the unsubscribe.
 */
export function onLogout(listener: LogoutListener): () => void {
  logoutListeners.add(listener);
  return () => logoutListeners.delete(listener);
}

/** POST /auth/logout: the server revokes the token. Its failure must never keep a user logged in. */
export async function logout(): Promise<void> {
  try {
    await http('/auth/logout', { method: 'POST', skipUnauthorizedHandler: true });
  } catch (error) {
    console.warn('Falha ao encerrar a sessão no servidor.', error);
  }
  for (const listener of logoutListeners) {
    try {
      listener();
    } catch (error) {
      console.warn('Falha ao avisar a saída.', error);
    }
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
