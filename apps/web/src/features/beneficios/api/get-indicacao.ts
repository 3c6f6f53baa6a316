import { useQuery } from '@tanstack/react-query';
import { getIndicacaoResumo, indicacaoKey } from '../../indicacoes/api/get-indicacao';

/** The referral summary, shared with the referral screens (same key and call); staff are skipped (403). */
export function useIndicacaoResumo(options: { enabled: boolean }) {
  return useQuery({
    queryKey: [...indicacaoKey, 'resumo'],
    queryFn: ({ signal }) => getIndicacaoResumo(signal),
    staleTime: 30_000,
    enabled: options.enabled,
  });
}
