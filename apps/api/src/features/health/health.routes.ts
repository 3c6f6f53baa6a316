import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthResponseSchema, readyResponseSchema } from '@legiao/contracts';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/health', { schema: { tags: ['saúde'], response: { 200: healthResponseSchema } } }, async () => ({ status: 'ok' as const }));

  app.get('/ready', { schema: { tags: ['saúde'], response: { 200: readyResponseSchema, 503: readyResponseSchema } } }, async (_req, reply) => {
    try {
      await app.ctx.prisma.$queryRaw`SELECT 1`;
      return { status: 'ok' as const, database: true };
    } catch {
      return reply.status(503).send({ status: 'indisponivel' as const, database: false });
    }
  });
};
