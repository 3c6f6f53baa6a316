import cluster from 'node:cluster';
import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiMetrics } from './metrics.js';
import { requestClusterMetrics } from './cluster-metrics.js';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: ApiMetrics;
  }
}

const sameSecret = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * GET /api/metrics: Prometheus text format, for the scraper (METRICS_TOKEN as a bearer token) or an
 * administrator's session; anyone else gets 401/403 in the error format. Left out of the OpenAPI
 * document (hide): it is not part of the portal's API. Answered under pressure and while draining
 * (overloadExempt): the moment an operator most needs the numbers.
 */
export const metricsRoutes: FastifyPluginAsync = async (app) => {
  const token = app.ctx.config.metricsToken;
  const allowed = async (request: FastifyRequest, reply: FastifyReply) => {
    const header = request.headers.authorization;
    if (token && header?.startsWith('Bearer ') && sameSecret(header.slice(7), token)) return;
    await app.requireAdmin(request, reply);
  };

  app.get('/metrics', { onRequest: [allowed], config: { overloadExempt: true }, schema: { hide: true } }, async (_request, reply) => {
    // Under WORKERS, every process's numbers (the primary combines them); alone, or if that fails, this one's.
    const body = (cluster.isWorker ? await requestClusterMetrics() : null) ?? (await app.metrics.render());
    return reply.type(app.metrics.registry.contentType).send(body);
  });
};
