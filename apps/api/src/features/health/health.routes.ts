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
 * process would make things worse). /ready is readiness: the database answers, and Redis when
 * configured; it is not exempt from load shedding, so an overloaded or draining process leaves the
 * balancer's rotation until it recovers.
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/health', { config: { overloadExempt: true }, schema: { tags: ['saúde'], response: { 200: healthResponseSchema } } }, async () => ({ status: 'ok' as const }));

  app.get('/ready', { schema: { tags: ['saúde'], response: { 200: readyResponseSchema, 503: errorResponseSchema } } }, async (_req, reply) => {
    const { redis } = app.ctx;
    const [database, redisUp] = await Promise.all([answers(() => app.ctx.prisma.$queryRaw`SELECT 1`), redis ? answers(() => redis.ping()) : Promise.resolve(undefined)]);
    if (database && redisUp !== false) return { status: 'ok' as const, database, ...(redisUp === undefined ? {} : { redis: redisUp }) };
    const down = [!database && 'DATABASE', redisUp === false && 'REDIS'].filter(Boolean).join('_');
    return reply.status(503).send(errorBody(OPS_MSG.naoPronto, `${down}_UNAVAILABLE`));
  });
};
