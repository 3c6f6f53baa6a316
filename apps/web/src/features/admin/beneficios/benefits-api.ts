import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BenefitAdmin, BenefitAdminItem, BenefitForm, BenefitPreviewData, MemberPreview } from '@legiao/contracts/admin/beneficios';
import type { AdminPage } from '@legiao/contracts/admin/paging';
import { http } from '../../../shared/api/http';

type Query = Record<string, string | number | undefined>;
const key = ['admin', 'beneficios'] as const;

export const useBenefitsQuery = (query: Query) =>
  useQuery({ queryKey: [...key, 'lista', query], queryFn: ({ signal }) => http<AdminPage<BenefitAdminItem>>('/admin/beneficios', { query, signal }), placeholderData: keepPreviousData });

export const useBenefitQuery = (id: number) =>
  useQuery({ queryKey: [...key, id], queryFn: ({ signal }) => http<BenefitAdmin>(`/admin/beneficios/${id}`, { signal }), enabled: Number.isInteger(id) && id > 0 });

export const previewBenefit = (body: { id?: number; beneficio: BenefitForm; membro: MemberPreview }, signal?: AbortSignal) =>
  http<BenefitPreviewData>('/admin/beneficios/previa', { method: 'POST', body, signal });

/** Every write: the list, the benefit and the audit trail are read again. */
export function useBenefitMutation<V>(fn: (v: V) => Promise<BenefitAdmin>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (saved) => {
      client.setQueryData([...key, saved.id], saved);
      void client.invalidateQueries({ queryKey: [...key, 'lista'] });
      void client.invalidateQueries({ queryKey: ['admin', 'auditoria'] });
    },
  });
}

export const createBenefit = (form: BenefitForm) => http<BenefitAdmin>('/admin/beneficios', { method: 'POST', body: form });
export const updateBenefit = ({ id, form }: { id: number; form: BenefitForm }) => http<BenefitAdmin>(`/admin/beneficios/${id}`, { method: 'PUT', body: form });
export const duplicateBenefit = (id: number) => http<BenefitAdmin>(`/admin/beneficios/${id}/duplicar`, { method: 'POST' });
export const setActiveBenefit = ({ id, ativo: active }: { id: number; ativo: boolean }) => http<BenefitAdmin>(`/admin/beneficios/${id}/${active ? 'reativar' : 'arquivar'}`, { method: 'POST' });
