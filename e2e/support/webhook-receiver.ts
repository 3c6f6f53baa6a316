import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

// A local endpoint for the webhook tests (Integrações › Webhooks, issue 25): records every POST it
// gets (headers, raw body) and answers the status the test sets. The API under e2e reaches it on
// 127.0.0.1 because it runs with WEBHOOKS_ALLOW_PRIVATE=true (and WEBHOOKS_DELIVERY=true).

export interface ReceivedWebhook {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedWebhook[];
  /** The status answered from now on (default 200). */
  status: number;
  /**
   * When set, only events of this type get `status`; the others get 200. A journey that fails its
   * own test events on purpose subscribes to real types too, which other tests cause at any moment.
   */
  failOnly: string | null;
  /** The deliveries of one event (its webhook-id), every attempt. */
  withId: (id: string) => ReceivedWebhook[];
  close: () => Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      received.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body });
      const type = (() => {
        try {
          return (JSON.parse(body) as { type?: string }).type;
        } catch {
          return undefined;
        }
      })();
      const status = receiver.failOnly === null || type === receiver.failOnly ? receiver.status : 200;
      res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' }).end(status >= 200 && status < 300 ? 'recebido' : `erro ${status} no receptor de teste`);
    });
  });
  const receiver: WebhookReceiver = {
    url: '',
    received,
    status: 200,
    failOnly: null,
    withId: (id) => received.filter((r) => r.headers['webhook-id'] === id),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/legiao/webhooks`;
  return receiver;
}

/**
 * Whether a delivery is signed with `secret` as Standard Webhooks says: one of the space-separated
 * `v1,<base64>` in webhook-signature is the HMAC-SHA256 of "id.timestamp.body", keyed by the
 * base64-decoded part of the secret after whsec_.
 */
export function signedWith(r: ReceivedWebhook, secret: string): boolean {
  const id = String(r.headers['webhook-id'] ?? '');
  const timestamp = String(r.headers['webhook-timestamp'] ?? '');
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${r.body}`).digest('base64')}`;
  return String(r.headers['webhook-signature'] ?? '')
    .split(' ')
    .includes(expected);
}
