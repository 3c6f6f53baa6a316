import { useMutation } from '@tanstack/react-query';
import { http } from '../../../shared/api/http';

/** POST /usuario/ativar-conta {hash}: activates the account and answers its e-mail. */
export function activateAccount(hash: string): Promise<{ email: string }> {
  return http<{ email: string }>('/usuario/ativar-conta', { method: 'POST', body: { hash } });
}

export function useActivateAccount() {
  return useMutation({ mutationFn: activateAccount });
}
