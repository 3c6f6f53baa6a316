import type { IntegrationCreate, IntegrationNewKey } from '@legiao/contracts/admin/integracoes';
import { http } from '../../../../shared/api/http';
import { useIntegrationWrite } from './use-integration-write';

/** POST /api/admin/integracoes: the client and its first key, whole in this answer only. */
export const createIntegration = (body: IntegrationCreate) => http<IntegrationNewKey>('/admin/integracoes', { method: 'POST', body });

export const useCreateIntegration = () => useIntegrationWrite(createIntegration, (a) => a.cliente);
