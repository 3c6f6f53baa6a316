import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { WebhookDeliveryList } from '@legiao/contracts/admin/webhooks';
import { http } from '../../../../shared/api/http';
import { hasPending } from '../lib/format';
import { webhookDeliveriesKey } from './keys';

type Query = Record<string, string | number | undefined>;

/** How often the log is asked again while some delivery on the page is pendente. */
export const PENDING_REFRESH_MS = 2_500;

/** GET /api/admin/integracoes/webhooks/{id}/entregas?tipo=&status=&de=&ate=&pagina=&porPagina=&ordem=. */
export const getWebhookDeliveries = (id: string, query: Query, signal?: AbortSignal) =>
  http<WebhookDeliveryList>(`/admin/integracoes/webhooks/${id}/entregas`, { query, signal });

/**
 * The log, page by page. While a delivery on the page is pendente it is asked again every few
 * seconds, so a test event turns Entregue (or shows its failed attempts) without a reload.
 */
export const webhookDeliveriesQueryOptions = (id: string, query: Query) =>
  queryOptions({
    queryKey: [...webhookDeliveriesKey(id), query],
    queryFn: ({ signal }) => getWebhookDeliveries(id, query, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (hasPending(q.state.data?.itens) ? PENDING_REFRESH_MS : false),
  });

export const useWebhookDeliveries = (id: string, query: Query) => useQuery(webhookDeliveriesQueryOptions(id, query));
