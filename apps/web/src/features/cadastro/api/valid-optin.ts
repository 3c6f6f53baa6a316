import type { ValidOptinResponse } from '@legiao/contracts/usuario';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../shared/api/http';

/** GET /usuario/valid-optin?email=: consents already given (true hides that checkbox) and opt-out. */
export function checkOptin(email: string): Promise<ValidOptinResponse> {
  return http<ValidOptinResponse>('/usuario/valid-optin', { query: { email } });
}

export interface OptinVisibility {
  showOptin: boolean;
  showOptinSms: boolean;
}

export function optinVisibility(answer: Partial<ValidOptinResponse> | undefined): OptinVisibility {
  const optout = answer?.optout === true;
  return { showOptin: !(answer?.optin === true || optout), showOptinSms: !(answer?.optinSms === true || optout) };
}

export function useCheckOptin() {
  return useMutation({ mutationFn: checkOptin });
}
