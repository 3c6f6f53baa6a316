import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BeneficioAdmin, BeneficioAdminItem, BeneficioForm, BeneficioPrevia, MembroPrevia } from '@legiao/contracts/admin/beneficios';
import type { AdminPage } from '@legiao/contracts/admin/paging';
import { http } from '../../../shared/api/http';

type Query = Record<string, string | number | undefined>;
const key = ['admin', 'beneficios'] as const;

export const useBeneficiosQuery = (query: Query) =>
  useQuery({ queryKey: [...key, 'lista', query], queryFn: ({ signal }) => http<AdminPage<BeneficioAdminItem>>('/admin/beneficios', { query, signal }), placeholderData: keepPreviousData });

export const useBeneficioQuery = (id: number) =>
  useQuery({ queryKey: [...key, id], queryFn: ({ signal }) => http<BeneficioAdmin>(`/admin/beneficios/${id}`, { signal }), enabled: Number.isInteger(id) && id > 0 });

export const previewBeneficio = (body: { id?: number; beneficio: BeneficioForm; membro: MembroPrevia }, signal?: AbortSignal) =>
  http<BeneficioPrevia>('/admin/beneficios/previa', { method: 'POST', body, signal });

/** Every write: the list, the benefit and the audit trail are read again. */
export function useBeneficioMutation<V>(fn: (v: V) => Promise<BeneficioAdmin>) {
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

export const createBeneficio = (form: BeneficioForm) => http<BeneficioAdmin>('/admin/beneficios', { method: 'POST', body: form });
export const updateBeneficio = ({ id, form }: { id: number; form: BeneficioForm }) => http<BeneficioAdmin>(`/admin/beneficios/${id}`, { method: 'PUT', body: form });
export const duplicateBeneficio = (id: number) => http<BeneficioAdmin>(`/admin/beneficios/${id}/duplicar`, { method: 'POST' });
export const setAtivoBeneficio = ({ id, ativo }: { id: number; ativo: boolean }) => http<BeneficioAdmin>(`/admin/beneficios/${id}/${ativo ? 'reativar' : 'arquivar'}`, { method: 'POST' });
