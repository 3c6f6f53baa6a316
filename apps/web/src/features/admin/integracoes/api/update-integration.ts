import type { IntegrationDetail, IntegrationUpdate } from '@legiao/contracts/admin/integracoes';
import { http } from '../../../../shared/api/http';
import { useIntegrationWrite } from './use-integration-write';

/** PATCH /api/admin/integracoes/{id}: name, scopes, limit per minute. */
export const updateIntegration = (id: string, body: IntegrationUpdate) => http<IntegrationDetail>(`/admin/integracoes/${id}`, { method: 'PATCH', body });

export const useUpdateIntegration = (id: string) => useIntegrationWrite((body: IntegrationUpdate) => updateIntegration(id, body), (d) => d);
