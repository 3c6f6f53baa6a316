import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../shared/api/http';
import { loggedUserQueryKey, type LoggedUser } from '../../../shared/session/get-logged-user';
import { storeUser } from '../../../shared/session/session';

/** POST /usuario/email-devolvido/confirmar (no body): the member says their address is right. */
export function confirmBouncedEmail(): Promise<{ message: string }> {
  return http('/usuario/email-devolvido/confirmar', { method: 'POST' });
}

/** On success the logged user loses the mark at once (the notice goes), and is read again from the server. */
export function useConfirmBouncedEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmBouncedEmail,
    onSuccess: () => {
      const user = queryClient.setQueryData<LoggedUser>(loggedUserQueryKey, (u) => (u ? { ...u, emailDevolvidoEm: null } : u));
      if (user) storeUser(user);
      void queryClient.invalidateQueries({ queryKey: loggedUserQueryKey });
    },
  });
}
