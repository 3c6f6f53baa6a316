import type { ConfirmEmailResponse } from '@legiao/contracts/change-email';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../shared/api/http';
import { loggedUserQueryKey } from '../../../shared/session/get-logged-user';

/** POST /usuario/confirmar-email {hash}: the q of the link mailed to the new address. */
export function confirmEmail(hash: string): Promise<ConfirmEmailResponse> {
  return http<ConfirmEmailResponse>('/usuario/confirmar-email', { method: 'POST', body: { hash } });
}

export function useConfirmEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmEmail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: loggedUserQueryKey }),
  });
}
