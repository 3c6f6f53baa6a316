import type { Consent } from '@legiao/contracts/consentimento';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/api/http';

/** GET /usuario/consentimentos: the member's consent history, newest first. */
export function getConsents(signal?: AbortSignal): Promise<Consent[]> {
  return http<Consent[]>('/usuario/consentimentos', { signal });
}

export function useConsents(enabled: boolean) {
  return useQuery({ queryKey: ['usuario', 'consentimentos'], queryFn: ({ signal }) => getConsents(signal), enabled });
}
