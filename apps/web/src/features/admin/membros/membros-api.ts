import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AjusteInput, AjusteResposta, AjustesPage, BuscaPage, ListaMembro, MembroDetalhe } from '@legiao/contracts/admin/membros';
import type { AdminPage } from '@legiao/contracts/admin/paging';
import { http } from '../../../shared/api/http';

// The members area's calls (ADR 0031). Every write refreshes the member, the lists and the audit.

type Query = Record<string, string | number | undefined>;
export const membrosKey = ['admin', 'membros'] as const;

export const useBuscaMembros = (query: Query) =>
  useQuery({
    queryKey: [...membrosKey, 'busca', query],
    queryFn: ({ signal }) => http<BuscaPage>('/admin/membros', { query, signal }),
    enabled: Boolean(query.busca),
    placeholderData: keepPreviousData,
    retry: false,
  });

export const useMembro = (id: string) => useQuery({ queryKey: [...membrosKey, id], queryFn: ({ signal }) => http<MembroDetalhe>(`/admin/membros/${id}`, { signal }), retry: false });

export const useListaMembro = <T,>(id: string, lista: ListaMembro, query: Query) =>
  useQuery({ queryKey: [...membrosKey, id, lista, query], queryFn: ({ signal }) => http<AdminPage<T>>(`/admin/membros/${id}/${lista}`, { query, signal }), placeholderData: keepPreviousData });

export const useAjustes = (query: Query) =>
  useQuery({ queryKey: [...membrosKey, 'ajustes', query], queryFn: ({ signal }) => http<AjustesPage>('/admin/membros/ajustes', { query, signal }), placeholderData: keepPreviousData });

/** A write on a member (or an adjustment): refreshes everything the members area shows, and the audit screen. */
export function useMembroWrite<B, R>(call: (body: B) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: membrosKey });
      void client.invalidateQueries({ queryKey: ['admin', 'auditoria'] });
    },
  });
}

export const postAcao = (id: string, acao: string, body?: unknown) => http<{ message: string }>(`/admin/membros/${id}/${acao}`, { method: 'POST', body: body ?? {} });
export const patchPerfil = (id: string, body: unknown) => http<{ message: string }>(`/admin/membros/${id}/perfil`, { method: 'PATCH', body });
export const postLinkLogin = (id: string) => http<{ url: string; expiraEm: string }>(`/admin/membros/${id}/link-login`, { method: 'POST', body: {} });
export const postAjuste = (id: string, body: AjusteInput) => http<AjusteResposta>(`/admin/membros/${id}/ajustes`, { method: 'POST', body });
export const revisarAjuste = (ajusteId: string, decisao: 'aprovar' | 'recusar', motivo?: string) =>
  http<AjusteResposta>(`/admin/membros/ajustes/${ajusteId}/${decisao}`, { method: 'POST', ...(decisao === 'recusar' ? { body: { motivo } } : {}) });

/** Downloads the member's LGPD export as a file. */
export async function baixarDados(id: string) {
  const dados = await http<unknown>(`/admin/membros/${id}/exportar`);
  const url = URL.createObjectURL(new Blob([JSON.stringify(dados, null, 2)], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = `dados-membro-${id}.json`;
  a.click();
  URL.revokeObjectURL(url);
}
