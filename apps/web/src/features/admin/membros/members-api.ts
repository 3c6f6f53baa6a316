import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdjustmentInput, AdjustmentAnswer, AdjustmentsPage, SearchPage, MemberList, MemberDetail, purchaseInputSchema } from '@legiao/contracts/admin/membros';
import type { z } from 'zod';
import type { AdminPage } from '@legiao/contracts/admin/paging';
import { http } from '../../../shared/api/http';
import { downloadFile, saveBlob } from '../../../shared/api/download';

// The members area's calls (ADR 0031). Every write refreshes the member, the lists and the audit.

type Query = Record<string, string | number | undefined>;
export const membersKey = ['admin', 'membros'] as const;

export const useSearchMembers = (query: Query) =>
  useQuery({
    queryKey: [...membersKey, 'busca', query],
    queryFn: ({ signal }) => http<SearchPage>('/admin/membros', { query, signal }),
    enabled: Boolean(query.busca),
    placeholderData: keepPreviousData,
    retry: false,
  });

export const useMember = (id: string) => useQuery({ queryKey: [...membersKey, id], queryFn: ({ signal }) => http<MemberDetail>(`/admin/membros/${id}`, { signal }), retry: false });

export const useMemberList = <T,>(id: string, list: MemberList, query: Query) =>
  useQuery({ queryKey: [...membersKey, id, list, query], queryFn: ({ signal }) => http<AdminPage<T>>(`/admin/membros/${id}/${list}`, { query, signal }), placeholderData: keepPreviousData });

export const useAdjustments = (query: Query) =>
  useQuery({ queryKey: [...membersKey, 'ajustes', query], queryFn: ({ signal }) => http<AdjustmentsPage>('/admin/membros/ajustes', { query, signal }), placeholderData: keepPreviousData });

/** A write on a member (or an adjustment): refreshes everything the members area shows, and the audit screen. */
export function useMemberWrite<B, R>(call: (body: B) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: membersKey });
      void client.invalidateQueries({ queryKey: ['admin', 'auditoria'] });
    },
  });
}

export const postAction = (id: string, action: string, body?: unknown) => http<{ message: string }>(`/admin/membros/${id}/${action}`, { method: 'POST', body: body ?? {} });
export const patchProfile = (id: string, body: unknown) => http<{ message: string }>(`/admin/membros/${id}/perfil`, { method: 'PATCH', body });
export const postLinkLogin = (id: string) => http<{ url: string; expiraEm: string }>(`/admin/membros/${id}/link-login`, { method: 'POST', body: {} });
/** Registers a verified purchase by staff (origem equipe, ADR 0041). */
export const postPurchase = (id: string, body: z.output<typeof purchaseInputSchema>) => http<{ message: string }>(`/admin/membros/${id}/compras`, { method: 'POST', body });
export const postAdjustment = (id: string, body: AdjustmentInput) => http<AdjustmentAnswer>(`/admin/membros/${id}/ajustes`, { method: 'POST', body });
export const reviewAdjustment = (adjustmentId: string, decision: 'aprovar' | 'recusar', reason?: string) =>
  http<AdjustmentAnswer>(`/admin/membros/ajustes/${adjustmentId}/${decision}`, { method: 'POST', ...(decision === 'recusar' ? { body: { motivo: reason } } : {}) });

/** Downloads the member's LGPD export as a file. */
export async function downloadData(id: string) {
  const data = await http<unknown>(`/admin/membros/${id}/exportar`);
  saveBlob(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }), `dados-membro-${id}.json`);
}

/**
 * The members' CSV with the search's filters (GET /admin/membros/exportacao.csv; members.export,
 * ADR 0045). The call needs the bearer token, which a plain link would not carry: fetched, then handed
 * to the browser's download as bytes (the BOM kept, so a spreadsheet reads the accents right).
 */
export const downloadMembersCsv = (filters: { busca?: string; tipo?: string }) =>
  downloadFile('/admin/membros/exportacao.csv', { query: filters, fallbackName: 'membros.csv', failure: 'Não foi possível exportar os membros.' });
