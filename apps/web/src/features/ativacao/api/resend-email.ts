import { useMutation } from '@tanstack/react-query';
import { http } from '../../../shared/api/http';

/** POST /usuario/reenviar-email {email}: sends a new activation link. */
export function resendEmail(email: string): Promise<unknown> {
  return http('/usuario/reenviar-email', { method: 'POST', body: { email } });
}

export function useResendEmail() {
  return useMutation({ mutationFn: resendEmail });
}
