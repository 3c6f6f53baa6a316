import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { IntegrationDetail } from '@legiao/contracts/admin/integracoes';
import { integrationQueryKey } from './get-integration';
import { integrationsKey } from './get-integrations';

/**
 * A write on a client: the answer carries the client as it is now, so its page shows it at once;
 * the lists and the audit screen are asked again. `detailOf` finds the client in the answer.
 */
export function useIntegrationWrite<B, R>(call: (body: B) => Promise<R>, detailOf: (answer: R) => IntegrationDetail) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (answer) => {
      const detail = detailOf(answer);
      client.setQueryData(integrationQueryKey(detail.id), detail);
      void client.invalidateQueries({ queryKey: [...integrationsKey, 'lista'] });
      void client.invalidateQueries({ queryKey: ['admin', 'auditoria'] });
    },
  });
}
