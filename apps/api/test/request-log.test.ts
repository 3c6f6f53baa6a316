import { Writable } from 'node:stream';
import Fastify from 'fastify';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { RequestLog } from '../src/plugins/request-log.js';

// Request logging (docs/decisions/0017-api-speed.md): fast successes leave no line; failures and
// slow requests leave one, with the request id, route, status and time.
describe('request log', () => {
  it('logs failed and slow requests only', async () => {
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({ write: (chunk, _enc, cb) => (lines.push(JSON.parse(String(chunk))), cb()) });
    const app = Fastify({ loggerInstance: pino({ level: 'info' }, sink), logController: new RequestLog(50) });
    app.get('/ok', async () => ({ ok: true }));
    app.get('/devagar', async () => new Promise((r) => setTimeout(() => r({ ok: true }), 120)));
    app.get('/negado', async (_req, reply) => reply.status(401).send({ errors: [{ message: 'Não autorizado' }] }));
    try {
      for (const url of ['/ok', '/ok', '/devagar', '/negado']) await app.inject({ method: 'GET', url });
      const requests = lines.filter((l) => 'statusCode' in l);
      expect(requests.map((l) => [l.url, l.statusCode, l.msg])).toEqual([
        ['/devagar', 200, 'slow request'],
        ['/negado', 401, 'request completed'],
      ]);
      expect(requests[0]).toHaveProperty('reqId');
      expect(requests[0]!.responseTime).toBeGreaterThanOrEqual(100);
    } finally {
      await app.close();
    }
  });
});
