import type { IntegrationDetail } from '@legiao/contracts/admin/integracoes';
import { http } from '../../../../shared/api/http';
import { useIntegrationWrite } from './use-integration-write';

/** POST /api/admin/integracoes/{id}/revogar: the client and all its keys stop at once, for good. */
export const revokeIntegration = (id: string) => http<IntegrationDetail>(`/admin/integracoes/${id}/revogar`, { method: 'POST' });

export const useRevokeIntegration = (id: string) => useIntegrationWrite(() => revokeIntegration(id), (d) => d);
