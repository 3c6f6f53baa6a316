import type { DeleteAccountInput } from '@legiao/contracts/lgpd';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../shared/api/http';

/** DELETE /usuario {senha}: anonymises the account and ends every session. */
export function deleteAccount(input: DeleteAccountInput): Promise<{ message: string }> {
  return http('/usuario', { method: 'DELETE', body: input });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
