import { WEBHOOK_DELIVERY_STATE_LABELS, type WebhookDelivery, type WebhookDeliveryState, type WebhookEndpoint } from '@legiao/contracts/admin/webhooks';
import { formatDateTime } from '../../integracoes/lib/format';

// How the Webhooks screens (Integrações › Webhooks, issue 25) write an endpoint and its deliveries.
// Dates as the rest of Integrações: pt-BR, São Paulo time.

export { formatDateTime };

/** An endpoint's event types: the list, or 'Todos os eventos' (an empty list is every type, future ones too). */
export const typesText = (types: readonly string[]) => (types.length === 0 ? 'Todos os eventos' : types.join(', '));

/** Active or paused, the badge's colour, and (paused) why and since when. */
export function endpointState(e: Pick<WebhookEndpoint, 'pausadoEm' | 'motivoPausa'>): { label: 'Ativo' | 'Pausado'; tone: string; detail: string | null } {
  if (!e.pausadoEm) return { label: 'Ativo', tone: 'admin-selo--verde', detail: null };
  const since = `Desde ${formatDateTime(e.pausadoEm)}.`;
  return { label: 'Pausado', tone: 'admin-selo--ambar', detail: e.motivoPausa ? `${e.motivoPausa} ${since}` : since };
}

/** After a rotation: until when the previous secret still signs beside the new one (null once it stopped). */
export function previousSecretText(until: string | null, now = Date.now()): string | null {
  if (!until || Date.parse(until) <= now) return null;
  return `O segredo anterior continua assinando junto com o novo até ${formatDateTime(until)}.`;
}

export const DELIVERY_TONE: Record<WebhookDeliveryState, string> = { pendente: 'admin-selo--ambar', entregue: 'admin-selo--verde', falhou: 'admin-selo--vermelho' };

export const deliveryStateLabel = (status: WebhookDeliveryState) => WEBHOOK_DELIVERY_STATE_LABELS[status];

/**
 * Whether a delivery can be sent again by hand (same webhook-id): one that failed for good, or one
 * delivered (the receiver lost it). A pendente one is still on its way: the API answers 409.
 */
export const canRetry = (d: Pick<WebhookDelivery, 'status'>) => d.status !== 'pendente';

/** Whether the log should keep asking: some delivery on the page is still on its way. */
export const hasPending = (items: readonly Pick<WebhookDelivery, 'status'>[] | undefined) => Boolean(items?.some((d) => d.status === 'pendente'));

/** The start of an answer's body on one line (the whole first KB goes in a <details>). */
export function responsePreview(body: string | null, max = 60): string {
  if (body === null) return '—';
  const line = body.replace(/\s+/g, ' ').trim();
  if (line === '') return '(corpo vazio)';
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** What "Reenviar as que falharam desde..." did. */
export function replayText(count: number): string {
  if (count === 0) return 'Nenhuma entrega para reenviar: nenhuma falhou desde essa data.';
  return count === 1 ? '1 entrega reenviada' : `${count.toLocaleString('pt-BR')} entregas reenviadas`;
}

/** JSON as people read it: two-space indentation. */
export const prettyJson = (value: unknown) => JSON.stringify(value, null, 2);

/** An example delivery body (the Standard Webhooks envelope) around a type's example `data`. */
export const exampleEnvelope = (type: string, version: number, data: Record<string, unknown>) => ({ type, version, timestamp: '2026-11-28T12:00:00.000Z', data });

const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', year: 'numeric', month: '2-digit', day: '2-digit' });

/** Today in São Paulo, AAAA-MM-DD (a date input's value). */
export const todaySp = (now = new Date()) => dayFormat.format(now);
