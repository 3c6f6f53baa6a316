import type { IntegrationDetail } from '@legiao/contracts/admin/integracoes';
import { http } from '../../../../shared/api/http';
import { useIntegrationWrite } from './use-integration-write';

/** POST /api/admin/integracoes/{id}/chaves/{chaveId}/revogar: that key stops at once. */
export const revokeIntegrationKey = (id: string, keyId: string) => http<IntegrationDetail>(`/admin/integracoes/${id}/chaves/${keyId}/revogar`, { method: 'POST' });

export const useRevokeIntegrationKey = (id: string) => useIntegrationWrite((keyId: string) => revokeIntegrationKey(id, keyId), (d) => d);
