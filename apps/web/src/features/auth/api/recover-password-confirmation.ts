import { useMutation } from '@tanstack/react-query';
import { http } from '../../../shared/api/http';

export interface RecoverPasswordConfirmation {
  code: string;
  hash: string;
  senha: string;
  confirmacaoSenha: string;
}

/** POST /auth/recuperar-senha-confirmacao: sets the new password from the e-mailed link. */
export function confirmPasswordReset(input: RecoverPasswordConfirmation): Promise<unknown> {
  return http('/auth/recuperar-senha-confirmacao', { method: 'POST', body: input });
}

export function useConfirmPasswordReset() {
  return useMutation({ mutationFn: confirmPasswordReset });
}
