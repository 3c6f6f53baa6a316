import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditEntryView } from '@legiao/contracts/admin/auditoria';
import type { AdminPage } from '@legiao/contracts/admin/paging';
import { http } from '../../../shared/api/http';

type Query = Record<string, string | number | undefined>;

/** GET /api/admin/auditoria: the trail, filtered by person, entity and dates. */
export const useAuditoriaQuery = (query: Query) =>
  useQuery({ queryKey: ['admin', 'auditoria', query], queryFn: ({ signal }) => http<AdminPage<AuditEntryView>>('/admin/auditoria', { query, signal }), placeholderData: keepPreviousData });

/** GET /api/admin/auditoria/entidades: what the entity filter offers. */
export const useEntitiesQuery = () =>
  useQuery({ queryKey: ['admin', 'auditoria', 'entidades'], queryFn: ({ signal }) => http<{ entidades: string[] }>('/admin/auditoria/entidades', { signal }), staleTime: 60_000 });
