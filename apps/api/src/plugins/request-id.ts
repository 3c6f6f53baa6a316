import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import fp from 'fastify-plugin';

/** What a proxy's id may look like: short, and nothing that could forge a log line or a header. */
const ID_PATTERN = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * Fastify's genReqId: the `X-Request-Id` a trusted proxy sent (HAProxy, nginx: so one id follows a
 * request through the proxy's log and ours), else a new UUID. From anyone else the header is
 * ignored: a client must not choose the id an operator searches the logs by. "Trusted" is
 * TRUST_PROXY's rule, the one that decides whether X-Forwarded-For is believed.
 */
export function requestIdGenerator(trustProxy: boolean | string[]): (req: IncomingMessage) => string {
  const trusted = trustProxy === true ? () => true : trustProxy === false ? () => false : proxyAddr.compile(trustProxy);
  return (req) => {
    const header = req.headers['x-request-id'];
    if (typeof header === 'string' && ID_PATTERN.test(header) && trusted(req.socket?.remoteAddress ?? '', 0)) return header;
    return randomUUID();
  };
}

/**
 * The id on every answer (`X-Request-Id`) and in every error body (`requestId` beside `errors`),
 * so a member's screenshot or a support ticket leads to the server's log lines, which all carry it
 * (`reqId`, Fastify's request logger).
 */
export const requestIdPlugin = fp(async (app) => {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  app.addHook('preSerialization', (request, reply, payload: unknown, done) => {
    if (reply.statusCode >= 400 && payload !== null && typeof payload === 'object' && Array.isArray((payload as { errors?: unknown }).errors)) {
      return done(null, { ...(payload as object), requestId: request.id });
    }
    done(null, payload);
  });
});
