import type { ChangeEmailInput } from '@legiao/contracts/change-email';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../shared/api/http';

/** POST /usuario/alterar-email {email}: the new address gets a confirmation link. */
export function changeEmail(input: ChangeEmailInput): Promise<{ message: string; email: string }> {
  return http('/usuario/alterar-email', { method: 'POST', body: input });
}

export function useChangeEmail() {
  return useMutation({ mutationFn: changeEmail });
}
