import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@legiao/contracts';
import { faqListSchema, faqQuerySchema } from '@legiao/contracts/faq';
import { listarFaq } from './faq.service.js';

// GET /Faq (public: the logged-out landing page reads it too). Shapes: packages/contracts/src/faq.ts.

export const faqRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/faq',
    {
      schema: {
        tags: ['faq'],
        summary: 'Perguntas frequentes (categorias faq e duvidas), por categoria e ordem',
        description: 'Pública. ativo=true: só as ativas; ativo=false: só as inativas; sem ativo: todas.',
        querystring: faqQuerySchema,
        response: { 200: faqListSchema, 400: errorResponseSchema },
      },
    },
    async (request) => listarFaq(app.ctx.prisma, { ativo: request.query.ativo === undefined ? undefined : request.query.ativo === 'true' }),
  );
};

export default faqRoutes;
