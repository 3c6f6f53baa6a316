/** Every query of the Webhooks screens starts with this: a write refreshes what it changed. */
export const webhooksKey = ['admin', 'integracoes', 'webhooks'] as const;
export const webhooksListKey = [...webhooksKey, 'lista'] as const;
export const webhookQueryKey = (id: string) => [...webhooksKey, 'detalhe', id] as const;
export const webhookDeliveriesKey = (id: string) => [...webhooksKey, 'entregas', id] as const;
