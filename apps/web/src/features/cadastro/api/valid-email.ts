import { useMutation } from '@tanstack/react-query';
import { http } from '../../../shared/api/http';

/** GET /usuario/valid-email?email=: fails (errors[]) when the e-mail can't be used. */
export function validateEmail(email: string): Promise<unknown> {
  return http('/usuario/valid-email', { query: { email } });
}

export function useValidateEmail() {
  return useMutation({ mutationFn: validateEmail });
}
