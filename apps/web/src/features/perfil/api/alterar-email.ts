import type { AlterarEmailInput } from '@legiao/contracts/alterar-email';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../shared/api/http';

/** POST /usuario/alterar-email {email}: the new address gets a confirmation link. */
export function alterarEmail(input: AlterarEmailInput): Promise<{ message: string; email: string }> {
  return http('/usuario/alterar-email', { method: 'POST', body: input });
}

export function useAlterarEmail() {
  return useMutation({ mutationFn: alterarEmail });
}
