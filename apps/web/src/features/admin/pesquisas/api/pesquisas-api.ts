import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { FaseInput, LinkMembro, NovaCampanhaInput, ParticipacaoAdmin, PerguntaAdmin, PerguntaEditInput, PesquisaResumo } from '@legiao/contracts/admin/pesquisas';
import type { AdminPage } from '@legiao/contracts/admin/paging';
import { API_BASE, http } from '../../../../shared/api/http';
import { ApiError } from '../../../../shared/api/api-error';
import { getToken } from '../../../../shared/session/session';

// The surveys' calls (docs/decisions/0029-back-office-content.md).

export const pesquisasQueryKey = ['admin', 'pesquisas'] as const;
type Query = Record<string, string | number | undefined>;

export const usePesquisasQuery = () => useQuery(queryOptions({ queryKey: pesquisasQueryKey, queryFn: ({ signal }) => http<PesquisaResumo[]>('/admin/pesquisas', { signal }) }));
export const usePerguntasQuery = (id: number) => useQuery({ queryKey: [...pesquisasQueryKey, id, 'perguntas'], queryFn: ({ signal }) => http<PerguntaAdmin[]>(`/admin/pesquisas/${id}/perguntas`, { signal }) });
export const useRespostasQuery = (id: number, query: Query) =>
  useQuery({ queryKey: [...pesquisasQueryKey, id, 'respostas', query], queryFn: ({ signal }) => http<AdminPage<ParticipacaoAdmin>>(`/admin/pesquisas/${id}/respostas`, { query, signal }), placeholderData: keepPreviousData });
export const useLinksQuery = (id: number, query: Query, enabled: boolean) =>
  useQuery({ queryKey: [...pesquisasQueryKey, id, 'links', query], queryFn: ({ signal }) => http<AdminPage<LinkMembro>>(`/admin/pesquisas/${id}/links`, { query, signal }), placeholderData: keepPreviousData, enabled });

export const criarCampanha = (body: NovaCampanhaInput) => http<PesquisaResumo>('/admin/pesquisas', { method: 'POST', body });
export const mudarFase = (id: number, body: FaseInput) => http<PesquisaResumo>(`/admin/pesquisas/${id}/fase`, { method: 'PUT', body });
export const editarPergunta = (id: number, body: PerguntaEditInput) => http<PerguntaAdmin[]>(`/admin/pesquisas/perguntas/${id}`, { method: 'PUT', body });

/**
 * The CSV export: the server streams it; the browser needs the bearer token, so it is fetched and
 * handed to the browser's download (an <a href> could not send the token).
 */
export async function baixarRespostasCsv(id: number, nomeArquivo: string) {
  const res = await fetch(`${API_BASE}/admin/pesquisas/${id}/respostas.csv`, { headers: { authorization: `Bearer ${getToken() ?? ''}` } });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { errors?: { message: string }[] } | null;
    throw new ApiError(res.status, body?.errors?.[0]?.message ?? 'Não foi possível exportar as respostas.', body);
  }
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = nomeArquivo;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
