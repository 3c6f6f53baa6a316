import fp from 'fastify-plugin';
import { OPS_MSG } from '@legiao/contracts';
import { errorBody } from '../errors/error-handler.js';
import { PressureMonitor } from '../lib/pressure-monitor.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Answered even under pressure or while draining (liveness, metrics, readiness): these report the state themselves. */
    overloadExempt?: boolean;
  }
  interface FastifyInstance {
    /** True from the moment close() starts (SIGTERM): new requests are sent elsewhere. */
    draining: boolean;
    /** This process's event loop and heap, sampled once a second. */
    pressure: PressureMonitor;
  }
}

/**
 * Readiness first, load shedding only under sustained pressure (issue 23 item 1,
 * docs/decisions/0035-readiness-and-load-shedding.md; the shedding itself: ADR 0024).
 *
 * The process samples its event loop and heap once a second (lib/pressure-monitor.ts). From the
 * first sample past a limit, `GET /api/ready` answers 503, so the balancer sends new traffic to
 * other processes; calls are still served. Only when the pressure lasts `OVERLOAD_SUSTAINED_S`
 * samples in a row is a request answered at once with 503, `Retry-After` and the Portuguese error
 * body, before any handler or database work: the requests already accepted finish in time instead
 * of every request timing out. The web app shows "muita gente agora" and retries (shared/api/http.ts).
 *
 * While the process drains (close() started), a request that still arrives on an open keep-alive
 * connection gets the same kind of 503 (Fastify adds `Connection: close`), so the client retries
 * on another process; the requests already running finish.
 */
export const overloadPlugin = fp(async (app) => {
  const { overload } = app.ctx.config;
  const retryAfter = String(overload.retryAfterS);
  const monitor = new PressureMonitor({
    maxEventLoopDelayMs: overload.maxEventLoopDelayMs,
    maxEventLoopUtilization: overload.maxEventLoopUtilization,
    maxHeapUsedBytes: overload.maxHeapUsedBytes,
    sustainedSamples: overload.sustainedSamples,
  });
  app.decorate('pressure', monitor);
  app.decorate('draining', false);
  // Sampling starts once the app is built: the boot's own work is not load (see PressureMonitor).
  app.addHook('onReady', async () => monitor.start());
  let reaper: NodeJS.Timeout | undefined;
  app.addHook('preClose', async () => {
    app.draining = true;
    // server.close() ends the connections idle at that moment; one whose request finishes later
    // would stay open (keep-alive) and hold the close up to the deadline. Reap them as they go
    // idle, off the request path (no per-response hook).
    reaper = setInterval(() => app.server.closeIdleConnections?.(), 100);
    reaper.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(reaper);
    monitor.stop();
  });
  let lastWarning = 0;
  app.addHook('onRequest', (request, reply, done) => {
    if (request.routeOptions.config.overloadExempt) return done();
    if (app.draining) return reply.status(503).header('retry-after', '1').send(errorBody(OPS_MSG.encerrando, 'ENCERRANDO'));
    if (!monitor.shedding) return done();
    // One line a second, not one per refused request: a crowd would flood the log.
    const now = Date.now();
    if (now - lastWarning >= 1000) {
      lastWarning = now;
      request.log.warn({ pressure: monitor.latest.over?.kind, value: monitor.latest.over?.value, samples: monitor.consecutive }, 'sobrecarga: pedidos recusados com 503');
    }
    reply.status(503).header('retry-after', retryAfter).send(errorBody(OPS_MSG.sobrecarga, 'SOBRECARGA'));
  });
});
