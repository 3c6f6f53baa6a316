import type { Consentimento } from '@legiao/contracts/consentimento';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/api/http';

/** GET /usuario/consentimentos: the member's consent history, newest first. */
export function getConsentimentos(signal?: AbortSignal): Promise<Consentimento[]> {
  return http<Consentimento[]>('/usuario/consentimentos', { signal });
}

export function useConsentimentos(enabled: boolean) {
  return useQuery({ queryKey: ['usuario', 'consentimentos'], queryFn: ({ signal }) => getConsentimentos(signal), enabled });
}
