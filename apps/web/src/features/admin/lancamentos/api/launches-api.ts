import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminLaunch, LaunchInputParsed, launchPreviewSchema } from '@legiao/contracts/admin/lancamentos';
import type { LaunchRule, LaunchStatus } from '@legiao/contracts/lancamentos';
import type { CatalogueOptions, ProductAdmin } from '@legiao/contracts/admin/catalogo';
import type { AdminPage } from '@legiao/contracts/admin/paging';
import type { z } from 'zod';
import { http } from '../../../../shared/api/http';

// The launches' calls (/api/admin/lancamentos; docs/decisions/0047-launches.md "The calls").

export type LaunchPreview = z.infer<typeof launchPreviewSchema>;
export const launchesKey = ['admin', 'lancamentos'] as const;

export const useLaunches = (status: LaunchStatus | undefined) =>
  useQuery({
    queryKey: [...launchesKey, 'lista', status ?? 'todos'],
    queryFn: ({ signal }) => http<{ itens: AdminLaunch[]; total: number }>('/admin/lancamentos', { query: { status }, signal }),
    placeholderData: keepPreviousData,
  });

export const launchQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...launchesKey, 'detalhe', id], queryFn: ({ signal }) => http<AdminLaunch>(`/admin/lancamentos/${id}`, { signal }), retry: false });
export const useLaunch = (id: string | undefined) => useQuery({ ...launchQueryOptions(id ?? ''), enabled: Boolean(id) });

/** POST /previa-regra: how many members the rule selects now (null: no rule to count yet). */
export const useRuleCount = (rule: LaunchRule | null) =>
  useQuery({
    queryKey: [...launchesKey, 'previa-regra', rule],
    queryFn: ({ signal }) => http<{ total: number; em: string }>('/admin/lancamentos/previa-regra', { method: 'POST', body: { regra: rule }, signal }),
    enabled: rule !== null,
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 0,
  });

/** GET /{id}/previa?membro=&em=: the launch as that member sees it (writes nothing). */
export const useLaunchPreview = (id: string, member: string | null, at: string | undefined) =>
  useQuery({
    queryKey: [...launchesKey, 'previa', id, member, at],
    queryFn: ({ signal }) => http<LaunchPreview>(`/admin/lancamentos/${id}/previa`, { query: { membro: member, em: at }, signal }),
    enabled: Boolean(member),
    retry: false,
  });

/** The catalogue's categories (the rule's "possui categoria"). */
export const useCategories = () =>
  useQuery({ queryKey: ['admin', 'catalogo', 'opcoes'], queryFn: ({ signal }) => http<CatalogueOptions>('/admin/catalogo/opcoes', { signal }), staleTime: 60_000, select: (o) => o.categorias.map((c) => c.categoria) });

/** Products by name or SKU (the rule's "possui produto"). */
export const useProductSearch = (q: string) =>
  useQuery({
    queryKey: ['admin', 'catalogo', 'lista', { q, porPagina: 10 }],
    queryFn: ({ signal }) => http<AdminPage<ProductAdmin>>('/admin/catalogo', { query: { q, porPagina: 10 }, signal }),
    enabled: q.trim().length >= 2,
    placeholderData: keepPreviousData,
  });

export const createLaunch = (body: LaunchInputParsed) => http<AdminLaunch>('/admin/lancamentos', { method: 'POST', body });
export const editLaunch = (id: string, body: LaunchInputParsed) => http<AdminLaunch>(`/admin/lancamentos/${id}`, { method: 'PUT', body });
export const moveLaunch = (id: string, to: 'publicar' | 'arquivar') => http<AdminLaunch>(`/admin/lancamentos/${id}/${to}`, { method: 'POST' });

/** A write: the launch as answered goes in the cache; the lists and the audit screen are asked again. */
export function useLaunchWrite<B>(call: (body: B) => Promise<AdminLaunch>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (launch) => {
      client.setQueryData(launchQueryOptions(launch.id).queryKey, launch);
      void client.invalidateQueries({ queryKey: [...launchesKey, 'lista'] });
      void client.invalidateQueries({ queryKey: [...launchesKey, 'previa'] });
      void client.invalidateQueries({ queryKey: ['admin', 'auditoria'] });
    },
  });
}
