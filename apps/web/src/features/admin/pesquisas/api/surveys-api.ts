import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PhaseInput, MemberLink, NewCampaignInput, ParticipationAdmin, QuestionAdmin, QuestionEditInput, SurveySummary } from '@legiao/contracts/admin/pesquisas';
import type { AdminPage } from '@legiao/contracts/admin/paging';
import { http } from '../../../../shared/api/http';
import { downloadFile } from '../../../../shared/api/download';

// The surveys' calls (docs/decisions/0029-back-office-content.md).

export const surveysQueryKey = ['admin', 'pesquisas'] as const;
type Query = Record<string, string | number | undefined>;

export const useSurveysQuery = () => useQuery(queryOptions({ queryKey: surveysQueryKey, queryFn: ({ signal }) => http<SurveySummary[]>('/admin/pesquisas', { signal }) }));
export const useQuestionsQuery = (id: number) => useQuery({ queryKey: [...surveysQueryKey, id, 'perguntas'], queryFn: ({ signal }) => http<QuestionAdmin[]>(`/admin/pesquisas/${id}/perguntas`, { signal }) });
export const useAnswersQuery = (id: number, query: Query) =>
  useQuery({ queryKey: [...surveysQueryKey, id, 'respostas', query], queryFn: ({ signal }) => http<AdminPage<ParticipationAdmin>>(`/admin/pesquisas/${id}/respostas`, { query, signal }), placeholderData: keepPreviousData });
export const useLinksQuery = (id: number, query: Query, enabled: boolean) =>
  useQuery({ queryKey: [...surveysQueryKey, id, 'links', query], queryFn: ({ signal }) => http<AdminPage<MemberLink>>(`/admin/pesquisas/${id}/links`, { query, signal }), placeholderData: keepPreviousData, enabled });

export const createCampaign = (body: NewCampaignInput) => http<SurveySummary>('/admin/pesquisas', { method: 'POST', body });
export const changePhase = (id: number, body: PhaseInput) => http<SurveySummary>(`/admin/pesquisas/${id}/fase`, { method: 'PUT', body });
export const editQuestion = (id: number, body: QuestionEditInput) => http<QuestionAdmin[]>(`/admin/pesquisas/perguntas/${id}`, { method: 'PUT', body });

/**
 * The CSV export: the server streams it; the browser needs the bearer token, so it is fetched and
 * handed to the browser's download (an <a href> could not send the token).
 */
export const downloadAnswersCsv = (id: number, fileName: string) =>
  downloadFile(`/admin/pesquisas/${id}/respostas.csv`, { fileName, failure: 'Não foi possível exportar as respostas.' });
