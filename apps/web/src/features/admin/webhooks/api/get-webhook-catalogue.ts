import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WebhookCatalogue } from '@legiao/contracts/admin/webhooks';
import { http } from '../../../../shared/api/http';
import { webhooksKey } from './keys';

/** GET /api/admin/integracoes/webhooks/eventos: each type, when it fires, its JSON Schema and an example. */
export const getWebhookCatalogue = (signal?: AbortSignal) => http<WebhookCatalogue>('/admin/integracoes/webhooks/eventos', { signal });

// The catalogue changes only with a deploy: asked once per visit.
export const webhookCatalogueQueryOptions = () => queryOptions({ queryKey: [...webhooksKey, 'catalogo'], queryFn: ({ signal }) => getWebhookCatalogue(signal), staleTime: Infinity });

export const useWebhookCatalogue = () => useQuery(webhookCatalogueQueryOptions());
