import type { SignupInput } from '@legiao/contracts/usuario';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../shared/api/http';

/** POST /usuario: the sign-up (spec 001 section 3, sign-up payload). */
export function createUser(input: SignupInput): Promise<unknown> {
  return http('/usuario', { method: 'POST', body: input });
}

export function useCreateUser() {
  return useMutation({ mutationFn: createUser });
}
