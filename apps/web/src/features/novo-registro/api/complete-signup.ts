import type { UpdateProfileInput, SignedInUser } from '@legiao/contracts/usuario';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../shared/api/http';
import { loggedUserQueryKey } from '../../../shared/session/get-logged-user';
import { storeUser } from '../../../shared/session/session';

/** PUT /usuario, the social-login completion (spec 001 section 7): nome, cpf, celular, aceiteTermos. */
export function completeSignup(input: UpdateProfileInput): Promise<SignedInUser> {
  return http<SignedInUser>('/usuario', { method: 'PUT', body: input });
}

export function useCompleteSignup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeSignup,
    onSuccess: (user) => {
      storeUser(user);
      queryClient.setQueryData(loggedUserQueryKey, user);
    },
  });
}
