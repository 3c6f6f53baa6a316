import type { IntegrationNewKey } from '@legiao/contracts/admin/integracoes';
import { http } from '../../../../shared/api/http';
import { useIntegrationWrite } from './use-integration-write';

/** POST /api/admin/integracoes/{id}/rotacionar: a new key (whole in this answer only); the keys in use stop after `janelaHoras`. */
export const rotateIntegrationKey = (id: string, hours: number) => http<IntegrationNewKey>(`/admin/integracoes/${id}/rotacionar`, { method: 'POST', body: { janelaHoras: hours } });

export const useRotateIntegrationKey = (id: string) => useIntegrationWrite((hours: number) => rotateIntegrationKey(id, hours), (a) => a.cliente);
