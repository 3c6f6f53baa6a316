import type { TokenResponse } from '@legiao/contracts/auth';
import type { SocialLoginInput } from '@legiao/contracts/social';
import { http } from '../../../shared/api/http';

/** POST /auth/social-login {provider, token, ...}: the answer's data.token.token is the session token. */
export function postSocialLogin(input: SocialLoginInput): Promise<TokenResponse> {
  return http<TokenResponse>('/auth/social-login', { method: 'POST', body: input });
}
