import { useQuery } from '@tanstack/react-query';
import { getReferralSummary, referralKey } from '../../indicacoes/api/get-referral';

/** The referral summary, shared with the referral screens (same key and call); staff are skipped (403). */
export function useReferralSummary(options: { enabled: boolean }) {
  return useQuery({
    queryKey: [...referralKey, 'resumo'],
    queryFn: ({ signal }) => getReferralSummary(signal),
    staleTime: 30_000,
    enabled: options.enabled,
  });
}
