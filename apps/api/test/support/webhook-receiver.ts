import http from 'node:http';
import type { AddressInfo } from 'node:net';

// A local HTTP endpoint for the webhook tests and benches: records every delivery (headers, raw body)
// and answers what the test says (a status, a delay, or no answer at all).

export interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
  at: number;
}

export interface Receiver {
  url: string;
  received: Received[];
  /** The status to answer next (default 200); a function decides per delivery. */
  respond: number | ((r: Received) => number | 'hang' | Promise<number>);
  waitFor: (predicate: (all: Received[]) => boolean, timeoutMs?: number) => Promise<Received[]>;
  close: () => Promise<void>;
}

export async function startReceiver(host = '127.0.0.1'): Promise<Receiver> {
  const received: Received[] = [];
  const hanging = new Set<http.ServerResponse>();
  const receiver: Receiver = {
    url: '',
    received,
    respond: 200,
    waitFor: async (predicate, timeoutMs = 15_000) => {
      const deadline = Date.now() + timeoutMs;
      while (!predicate(received)) {
        if (Date.now() > deadline) throw new Error(`receiver: condition not met in ${timeoutMs} ms (${received.length} received)`);
        await new Promise((r) => setTimeout(r, 25));
      }
      return received;
    },
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const r: Received = { headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() };
      received.push(r);
      const answer = typeof receiver.respond === 'function' ? await receiver.respond(r) : receiver.respond;
      if (answer === 'hang') {
        hanging.add(res);
        return;
      }
      res.writeHead(answer, { 'content-type': 'text/plain' }).end(answer >= 200 && answer < 300 ? 'ok' : `erro ${answer}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  receiver.url = `http://${host}:${(server.address() as AddressInfo).port}/webhooks`;
  return receiver;
}
