import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WebhookEndpoint } from '@legiao/contracts/admin/webhooks';
import { webhookDeliveriesKey, webhookQueryKey, webhooksListKey } from './keys';

/**
 * A write on an endpoint or its deliveries. When the answer carries the endpoint as it is now
 * (`endpointOf`), its page shows it at once; the list, the endpoint's log and the audit screen are
 * asked again.
 */
export function useWebhookWrite<B, R>(id: string | null, call: (body: B) => Promise<R>, endpointOf?: (answer: R) => WebhookEndpoint) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (answer) => {
      const endpoint = endpointOf?.(answer);
      if (endpoint) client.setQueryData(webhookQueryKey(endpoint.id), endpoint);
      else if (id) void client.invalidateQueries({ queryKey: webhookQueryKey(id) });
      if (id) void client.invalidateQueries({ queryKey: webhookDeliveriesKey(id) });
      void client.invalidateQueries({ queryKey: webhooksListKey });
      void client.invalidateQueries({ queryKey: ['admin', 'auditoria'] });
    },
  });
}
