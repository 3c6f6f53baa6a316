import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@legiao/contracts';
import { faqListSchema, faqQuerySchema } from '@legiao/contracts/faq';
import { sharedAnswer } from '../../cache/content-cache.js';
import { sendShared } from '../../cache/send-cached.js';
import { listFaq } from './faq.service.js';

// GET /Faq (public: the logged-out landing page reads it too). Shapes: packages/contracts/src/faq.ts.
// Served from memory, serialised once per change, with an ETag (docs/decisions/0019-content-cache.md).

export const faqRoutes: FastifyPluginAsyncZod = async (app) => {
  const faq = app.cache.define('faq', ['faq'], async () => {
    const all = faqListSchema.parse(await listFaq(app.ctx.prisma, {}));
    return { all: sharedAnswer(all), activeOnes: sharedAnswer(all.filter((f) => f.ativo)), inactiveOnes: sharedAnswer(all.filter((f) => !f.ativo)) };
  });

  app.get(
    '/faq',
    {
      schema: {
        tags: ['faq'],
        summary: 'Perguntas frequentes (categorias faq e duvidas), por categoria e ordem',
        description: 'Pública. ativo=true: só as ativas; ativo=false: só as inativas; sem ativo: todas. ETag: com If-None-Match igual, 304 sem corpo.',
        querystring: faqQuerySchema,
        response: { 200: faqListSchema, 400: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const variants = await faq();
      const { ativo: active } = request.query;
      return sendShared(request, reply, active === undefined ? variants.all : active === 'true' ? variants.activeOnes : variants.inactiveOnes, 'public');
    },
  );
};

export default faqRoutes;
