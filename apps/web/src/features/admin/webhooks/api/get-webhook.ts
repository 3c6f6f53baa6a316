import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WebhookEndpoint } from '@legiao/contracts/admin/webhooks';
import { http } from '../../../../shared/api/http';
import { webhookQueryKey } from './keys';
import { PENDING_REFRESH_MS } from './get-webhook-deliveries';

/** GET /api/admin/integracoes/webhooks/{id}: the endpoint (its secret only by its start). */
export const getWebhook = (id: string, signal?: AbortSignal) => http<WebhookEndpoint>(`/admin/integracoes/webhooks/${id}`, { signal });

/** While deliveries are on their way, the counts (and a pause by the server) are asked again too. */
export const webhookQueryOptions = (id: string) =>
  queryOptions({
    queryKey: webhookQueryKey(id),
    queryFn: ({ signal }) => getWebhook(id, signal),
    retry: false,
    refetchInterval: (query) => ((query.state.data?.entregas.pendentes ?? 0) > 0 ? PENDING_REFRESH_MS : false),
  });

export const useWebhook = (id: string) => useQuery(webhookQueryOptions(id));
