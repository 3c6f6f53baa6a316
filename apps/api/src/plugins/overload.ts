import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import underPressure from '@fastify/under-pressure';
import { OPS_MSG } from '@legiao/contracts';
import { errorBody } from '../errors/error-handler.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Answered even under pressure or while draining (liveness, metrics): a busy process is alive, not dead. */
    overloadExempt?: boolean;
  }
  interface FastifyInstance {
    /** True from the moment close() starts (SIGTERM): new requests are sent elsewhere. */
    draining: boolean;
  }
}

/**
 * Load shedding (issue 15 item 4, docs/decisions/0024-overload-and-observability.md).
 *
 * Under pressure (mean event-loop delay, event-loop utilisation or heap past the configured
 * thresholds, sampled once a second by @fastify/under-pressure) a request is answered at once with
 * 503, `Retry-After` and the Portuguese error body, before any handler or database work: the
 * requests already accepted finish in time instead of every request timing out. The web app shows
 * "muita gente agora" and retries (shared/api/http.ts).
 *
 * While the process drains (close() started), a request that still arrives on an open keep-alive
 * connection gets the same kind of 503 (Fastify adds `Connection: close`), so the client retries
 * on another process; the requests already running finish.
 */
export const overloadPlugin = fp(async (app) => {
  const { overload } = app.ctx.config;
  const retryAfter = String(overload.retryAfterS);
  app.decorate('draining', false);
  let reaper: NodeJS.Timeout | undefined;
  app.addHook('preClose', async () => {
    app.draining = true;
    // server.close() ends the connections idle at that moment; one whose request finishes later
    // would stay open (keep-alive) and hold the close up to the deadline. Reap them as they go
    // idle, off the request path (no per-response hook).
    reaper = setInterval(() => app.server.closeIdleConnections?.(), 100);
    reaper.unref();
  });
  app.addHook('onClose', async () => clearInterval(reaper));
  app.addHook('onRequest', (request, reply, done) => {
    if (!app.draining || request.routeOptions.config.overloadExempt) return done();
    reply.status(503).header('retry-after', '1').send(errorBody(OPS_MSG.encerrando, 'ENCERRANDO'));
  });

  await app.register(underPressure, {
    maxEventLoopDelay: overload.maxEventLoopDelayMs,
    maxEventLoopUtilization: overload.maxEventLoopUtilization,
    maxHeapUsedBytes: overload.maxHeapUsedBytes,
    // Utilisation over the last sample, not since boot (the plugin's default is cumulative, which
    // would stay high long after a burst or never rise on a process that idled for hours).
    eventLoopUtilizationMode: 'interval',
    // Its type says void, its documentation and code send any other returned value as the answer.
    pressureHandler: ((request: FastifyRequest, reply: FastifyReply, type: string, value: number | undefined) => {
      if (request.routeOptions.config.overloadExempt) return undefined; // handled normally
      request.log.warn({ pressure: type, value }, 'sobrecarga: pedido recusado com 503');
      reply.status(503).header('retry-after', retryAfter);
      // Returned, not sent: under-pressure sends it and stops the request there.
      return errorBody(OPS_MSG.sobrecarga, 'SOBRECARGA');
    }) as unknown as () => void,
  });
});
