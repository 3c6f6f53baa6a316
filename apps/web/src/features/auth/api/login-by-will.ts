import type { TokenResponse } from '@legiao/contracts/auth';
import type { LoginByWillInput } from '@legiao/contracts/login-link';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../shared/api/http';
import { startSession } from './login';

/**
 * POST /auth/loginbywill (spec 000 section 7): automatic login from a link's `hash` and `code`
 * (the mobile number in base64), with the waiting room's ticket as for POST /auth/login.
 * Any failure sends the page back to the form (auto-login.tsx).
 */
export function postLoginByWill(input: LoginByWillInput): Promise<TokenResponse> {
  return http<TokenResponse>('/auth/loginbywill', { method: 'POST', body: input });
}

export function useLoginByWill() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: LoginByWillInput) => startSession(await postLoginByWill(input), queryClient),
  });
}
