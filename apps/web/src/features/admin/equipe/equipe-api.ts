import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StaffMember, StaffRolesBody } from '@legiao/contracts/admin/equipe';
import type { AdminPage } from '@legiao/contracts/admin/paging';
import { http } from '../../../shared/api/http';
import { staffMeQueryKey } from '../api/get-staff-me';

type Query = Record<string, string | number | undefined>;
const key = ['admin', 'equipe'] as const;

/** GET /api/admin/equipe: people with roles (admin only). */
export const useEquipeQuery = (query: Query) =>
  useQuery({ queryKey: [...key, query], queryFn: ({ signal }) => http<AdminPage<StaffMember>>('/admin/equipe', { query, signal }), placeholderData: keepPreviousData });

/** PUT /api/admin/equipe/papeis: the full set of roles of one account. */
export function useSetRoles() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: StaffRolesBody) => http<StaffMember>('/admin/equipe/papeis', { method: 'PUT', body }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: key });
      void client.invalidateQueries({ queryKey: staffMeQueryKey });
      void client.invalidateQueries({ queryKey: ['admin', 'auditoria'] });
    },
  });
}
