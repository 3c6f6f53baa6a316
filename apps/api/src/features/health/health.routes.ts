import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema, healthResponseSchema, OPS_MSG, readyResponseSchema } from '@legiao/contracts';
import { errorBody } from '../../errors/error-handler.js';

/** A dependency that takes longer than this to answer counts as down (the balancer's check must not hang). */
const READY_TIMEOUT_MS = 2000;

async function answers(check: () => Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([check(), new Promise((_, reject) => (timer = setTimeout(() => reject(new Error('timeout')), READY_TIMEOUT_MS)))]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * For a load balancer (docs/decisions/0024-overload-and-observability.md). /health is liveness: the
 * process runs its event loop; it answers even under pressure or while draining (restarting a busy
 * process would make things worse). /ready is readiness: the database answers (Redis, when
 * configured, is only reported), and the process is neither draining nor under pressure. It says "not ready" from the
 * first second of pressure, before the process refuses any call (that needs sustained pressure), so
 * the balancer moves traffic first (docs/decisions/0035-readiness-and-load-shedding.md).
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/health', { config: { overloadExempt: true }, schema: { tags: ['saúde'], response: { 200: healthResponseSchema } } }, async () => ({ status: 'ok' as const }));

  app.get('/ready', { config: { overloadExempt: true }, schema: { tags: ['saúde'], response: { 200: readyResponseSchema, 503: errorResponseSchema } } }, async (_req, reply) => {
    // Exempt from the hooks that refuse calls, because it reports the same states itself.
    if (app.draining) return reply.status(503).header('retry-after', '1').send(errorBody(OPS_MSG.encerrando, 'ENCERRANDO'));
    if (app.pressure.underPressure) return reply.status(503).send(errorBody(OPS_MSG.naoPronto, 'SOBRECARGA'));
    const { redis } = app.ctx;
    const [database, redisUp] = await Promise.all([answers(() => app.ctx.prisma.$queryRaw`SELECT 1`), redis ? answers(() => redis.ping()) : Promise.resolve(undefined)]);
    // Redis is reported, not required (docs/decisions/0037-redis-outage.md): every process shares the
    // one Redis, so "not ready" would take them all out of rotation, the whole portal down for calls
    // that work without it; the ones that need it answer 503 FILA_INDISPONIVEL by themselves.
    if (database) return { status: 'ok' as const, database, ...(redisUp === undefined ? {} : { redis: redisUp }) };
    return reply.status(503).send(errorBody(OPS_MSG.naoPronto, 'DATABASE_UNAVAILABLE'));
  });
};
