import type { ConfirmarEmailResponse } from '@legiao/contracts/alterar-email';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../shared/api/http';
import { loggedUserQueryKey } from '../../../shared/session/get-logged-user';

/** POST /usuario/confirmar-email {hash}: the q of the link mailed to the new address. */
export function confirmarEmail(hash: string): Promise<ConfirmarEmailResponse> {
  return http<ConfirmarEmailResponse>('/usuario/confirmar-email', { method: 'POST', body: { hash } });
}

export function useConfirmarEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmarEmail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: loggedUserQueryKey }),
  });
}
