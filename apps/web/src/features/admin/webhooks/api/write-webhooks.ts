import type { WebhookCreate, WebhookDelivery, WebhookEndpoint, WebhookNewSecret, WebhookUpdate } from '@legiao/contracts/admin/webhooks';
import { http } from '../../../../shared/api/http';
import { useWebhookWrite } from './use-webhook-write';

const base = '/admin/integracoes/webhooks';

/** POST .../webhooks: the endpoint and its secret, whole in this answer only. `tipos: []` is every type. */
export const createWebhook = (body: WebhookCreate) => http<WebhookNewSecret>(base, { method: 'POST', body });
export const useCreateWebhook = () => useWebhookWrite(null, createWebhook, (a) => a.endpoint);

/** PATCH .../webhooks/{id}: URL, description, types, or `pausado` (pause and resume). */
export const updateWebhook = (id: string, body: WebhookUpdate) => http<WebhookEndpoint>(`${base}/${id}`, { method: 'PATCH', body });
export const useUpdateWebhook = (id: string) => useWebhookWrite(id, (body: WebhookUpdate) => updateWebhook(id, body), (e) => e);

/** POST .../webhooks/{id}/teste: a webhook.teste event, to this endpoint only (202, the delivery). */
export const sendWebhookTest = (id: string) => http<WebhookDelivery>(`${base}/${id}/teste`, { method: 'POST' });
export const useSendWebhookTest = (id: string) => useWebhookWrite(id, () => sendWebhookTest(id));

/** POST .../webhooks/{id}/segredo: a new secret (whole in this answer only); the old one signs beside it for 24 hours. */
export const rotateWebhookSecret = (id: string) => http<WebhookNewSecret>(`${base}/${id}/segredo`, { method: 'POST' });
export const useRotateWebhookSecret = (id: string) => useWebhookWrite(id, () => rotateWebhookSecret(id), (a) => a.endpoint);

/** POST .../webhooks/{id}/entregas/{entregaId}/reenviar: that delivery again, now (202). */
export const retryWebhookDelivery = (id: string, deliveryId: string) => http<WebhookDelivery>(`${base}/${id}/entregas/${deliveryId}/reenviar`, { method: 'POST' });
export const useRetryWebhookDelivery = (id: string) => useWebhookWrite(id, (deliveryId: string) => retryWebhookDelivery(id, deliveryId));

/** POST .../webhooks/{id}/entregas/reenviar: every failed delivery since a day (AAAA-MM-DD), again. */
export const replayWebhookDeliveries = (id: string, since: string) => http<{ reenviadas: number }>(`${base}/${id}/entregas/reenviar`, { method: 'POST', body: { desde: since } });
export const useReplayWebhookDeliveries = (id: string) => useWebhookWrite(id, (since: string) => replayWebhookDeliveries(id, since));

/** DELETE .../webhooks/{id} (204): the endpoint and its deliveries are gone (the page then leaves it). */
export const deleteWebhook = (id: string) => http<void>(`${base}/${id}`, { method: 'DELETE' });
export const useDeleteWebhook = (id: string) => useWebhookWrite(null, () => deleteWebhook(id));
