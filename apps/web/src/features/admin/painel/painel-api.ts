import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Painel, PainelAoVivo } from '@legiao/contracts/admin/painel';
import { http } from '../../../shared/api/http';

/** GET /api/admin/painel?de=&ate=: every chart of the range in one answer (SQL aggregates). */
export const usePainelQuery = (de: string, ate: string, enabled: boolean) =>
  useQuery({ queryKey: ['admin', 'painel', de, ate], queryFn: ({ signal }) => http<Painel>('/admin/painel', { query: { de, ate }, signal }), enabled, placeholderData: keepPreviousData });

/** The live view polls every 5 s (a launch moves by the minute; 5 s keeps the cards fresh at one cheap call per viewer). */
export const AO_VIVO_INTERVALO_MS = 5_000;
export const useAoVivoQuery = () =>
  useQuery({ queryKey: ['admin', 'painel', 'ao-vivo'], queryFn: ({ signal }) => http<PainelAoVivo>('/admin/painel/ao-vivo', { signal }), refetchInterval: AO_VIVO_INTERVALO_MS, refetchIntervalInBackground: false });
