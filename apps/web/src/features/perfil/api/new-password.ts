import { useMutation } from '@tanstack/react-query';
import { http } from '../../../shared/api/http';

export interface NewPasswordInput {
  /** The current password. */
  senha: string;
  novaSenha: string;
}

/** PATCH /usuario/nova-senha {senha, novaSenha}. */
export function changePassword(input: NewPasswordInput): Promise<unknown> {
  return http('/usuario/nova-senha', { method: 'PATCH', body: input });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
