import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WebhookEndpointList } from '@legiao/contracts/admin/webhooks';
import { http } from '../../../../shared/api/http';
import { webhooksListKey } from './keys';

/** GET /api/admin/integracoes/webhooks: every endpoint, with its deliveries counted by status. */
export const getWebhooks = (signal?: AbortSignal) => http<WebhookEndpointList>('/admin/integracoes/webhooks', { signal });

export const webhooksQueryOptions = () => queryOptions({ queryKey: webhooksListKey, queryFn: ({ signal }) => getWebhooks(signal) });

export const useWebhooks = () => useQuery(webhooksQueryOptions());
