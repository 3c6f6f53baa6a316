import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { IntegrationList } from '@legiao/contracts/admin/integracoes';
import { http } from '../../../../shared/api/http';

type Query = Record<string, string | number | undefined>;

/** Every query of the area starts with this: a write refreshes them all at once. */
export const integrationsKey = ['admin', 'integracoes'] as const;

/** GET /api/admin/integracoes: the store's API clients (paged, filtered by situation). */
export const getIntegrations = (query: Query, signal?: AbortSignal) => http<IntegrationList>('/admin/integracoes', { query, signal });

export const integrationsQueryOptions = (query: Query) =>
  queryOptions({ queryKey: [...integrationsKey, 'lista', query], queryFn: ({ signal }) => getIntegrations(query, signal), placeholderData: keepPreviousData });

export const useIntegrations = (query: Query) => useQuery(integrationsQueryOptions(query));
