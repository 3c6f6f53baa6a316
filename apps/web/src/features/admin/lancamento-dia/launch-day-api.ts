import { useQuery } from '@tanstack/react-query';
import type { AdminLaunch } from '@legiao/contracts/admin/lancamentos';
import type { LaunchDayPanel } from '@legiao/contracts/admin/lancamentos-painel';
import { MSG } from '@legiao/contracts/messages';
import { downloadFile } from '../../../shared/api/download';
import { http } from '../../../shared/api/http';

// The launch day's calls (docs/decisions/0047-launches.md, part 2).

/** The page polls every 5 s, as the dashboard's live view (ADR 0033): one cheap GET per viewer, paused while the tab is hidden. */
export const LAUNCH_DAY_INTERVAL_MS = 5_000;

export const useLaunchDayQuery = (id: string) =>
  useQuery({
    queryKey: ['admin', 'lancamentos', id, 'dia'],
    queryFn: ({ signal }) => http<LaunchDayPanel>(`/admin/lancamentos/${id}/painel`, { signal }),
    refetchInterval: LAUNCH_DAY_INTERVAL_MS,
    refetchIntervalInBackground: false,
  });

/** Published launches (the list that leads to each launch's day). */
export const usePublishedLaunchesQuery = () =>
  useQuery({ queryKey: ['admin', 'lancamentos', 'publicados'], queryFn: ({ signal }) => http<{ itens: AdminLaunch[]; total: number }>('/admin/lancamentos', { signal, query: { status: 'publicado' } }) });

/**
 * GET /api/admin/lancamentos/{id}/painel.csv, saved as the server wrote it: read as a Blob, not as
 * text (text() would drop the BOM that makes Excel read the accents as UTF-8).
 */
export const downloadLaunchDayCsv = (id: string, fileName: string) => downloadFile(`/admin/lancamentos/${id}/painel.csv`, { fileName, failure: MSG.fallback });
