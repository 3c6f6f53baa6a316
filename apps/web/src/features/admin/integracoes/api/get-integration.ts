import { queryOptions, useQuery } from '@tanstack/react-query';
import type { IntegrationDetail } from '@legiao/contracts/admin/integracoes';
import { http } from '../../../../shared/api/http';
import { integrationsKey } from './get-integrations';

/** GET /api/admin/integracoes/{id}: the client, its keys (public part only) and its last orders. */
export const getIntegration = (id: string, signal?: AbortSignal) => http<IntegrationDetail>(`/admin/integracoes/${id}`, { signal });

export const integrationQueryKey = (id: string) => [...integrationsKey, 'detalhe', id] as const;

export const integrationQueryOptions = (id: string) => queryOptions({ queryKey: integrationQueryKey(id), queryFn: ({ signal }) => getIntegration(id, signal), retry: false });

export const useIntegration = (id: string) => useQuery(integrationQueryOptions(id));
