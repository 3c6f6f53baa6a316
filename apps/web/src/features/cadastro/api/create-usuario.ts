import type { CadastroInput } from '@legiao/contracts/usuario';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../shared/api/http';

/** POST /usuario: the sign-up (spec 001 section 3, sign-up payload). */
export function createUsuario(input: CadastroInput): Promise<unknown> {
  return http('/usuario', { method: 'POST', body: input });
}

export function useCreateUsuario() {
  return useMutation({ mutationFn: createUsuario });
}
