import { useMutation } from '@tanstack/react-query';
import { http } from '../../../shared/api/http';

/** GET /auth/recuperar-senha?email=: e-mails a reset link (the answer is always neutral). */
export function requestPasswordReset(email: string): Promise<unknown> {
  return http('/auth/recuperar-senha', { query: { email } });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
