import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Panel, DashboardLive } from '@legiao/contracts/admin/painel';
import { http } from '../../../shared/api/http';

/** GET /api/admin/painel?de=&ate=: every chart of the range in one answer (SQL aggregates). */
export const useDashboardQuery = (from: string, until: string, enabled: boolean) =>
  useQuery({ queryKey: ['admin', 'painel', from, until], queryFn: ({ signal }) => http<Panel>('/admin/painel', { query: { de: from, ate: until }, signal }), enabled, placeholderData: keepPreviousData });

/** The live view polls every 5 s (a launch moves by the minute; 5 s keeps the cards fresh at one cheap call per viewer). */
export const LIVE_INTERVAL_MS = 5_000;
export const useLiveQuery = () =>
  useQuery({ queryKey: ['admin', 'painel', 'ao-vivo'], queryFn: ({ signal }) => http<DashboardLive>('/admin/painel/ao-vivo', { signal }), refetchInterval: LIVE_INTERVAL_MS, refetchIntervalInBackground: false });
