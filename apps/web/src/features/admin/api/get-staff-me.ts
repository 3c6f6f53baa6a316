import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StaffMe } from '@legiao/contracts/admin/equipe';
import { http } from '../../../shared/api/http';

/** GET /api/admin/eu: who is in the back office, their roles and permissions (403 for members). */
export const getStaffMe = (signal?: AbortSignal) => http<StaffMe>('/admin/eu', { signal });

export const staffMeQueryKey = ['admin', 'eu'] as const;
export const staffMeQueryOptions = () => queryOptions({ queryKey: staffMeQueryKey, queryFn: ({ signal }) => getStaffMe(signal), staleTime: 60_000 });
export const useStaffMeQuery = () => useQuery(staffMeQueryOptions());
