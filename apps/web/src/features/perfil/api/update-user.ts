import type { UpdateProfileInput } from '@legiao/contracts/usuario';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../shared/api/http';
import { loggedUserQueryKey } from '../../../shared/session/get-logged-user';

/** PUT /usuario: the profile fields (dataNascimento as ISO). */
export function updateUser(input: UpdateProfileInput): Promise<unknown> {
  return http('/usuario', { method: 'PUT', body: input });
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: loggedUserQueryKey }),
  });
}
