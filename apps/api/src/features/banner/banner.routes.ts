import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@legiao/contracts';
import { bannerHomeListSchema, bannerSiteListSchema, recommendationListSchema, recommendationQuerySchema } from '@legiao/contracts/banner';
import etag from '@fastify/etag';
import { sharedAnswer } from '../../cache/content-cache.js';
import { sendShared } from '../../cache/send-cached.js';
import { poolOf } from '../../db/prisma.js';
import { loadSiteBanners, listBannersHome, listActiveSiteBanners } from './banner.service.js';
import { recommendations } from './recommendation.service.js';

// Banners of the member home (spec 000 sections 2, 4, 5, 7, 9). Shapes: packages/contracts/src/banner.ts;
// rules: docs/decisions/0012-banners-faq.md.

const tags = ['banner'];
const secured = { security: [{ bearer: [] }] };

export const bannerRoutes: FastifyPluginAsyncZod = async (app) => {
  // Banners are staff content: in memory until changed (ADR 0019). The hero list is the same for
  // everyone (serialised once); the site banners are filtered per member and per moment, and get an
  // ETag of their answer (@fastify/etag, in this plugin only).
  const home = app.cache.define('banner', ['banner'], async () => sharedAnswer(bannerHomeListSchema.parse(await listBannersHome(app.ctx.prisma))));
  const site = app.cache.define('bannerSite', ['banner_site'], () => loadSiteBanners(app.ctx.prisma));
  const pool = poolOf(app.ctx.prisma);
  await app.register(etag);

  app.get(
    '/banner',
    {
      onRequest: [app.authenticate],
      schema: {
        tags,
        ...secured,
        summary: 'Imagens do banner principal da home (todas as ativas)',
        description: "O web escolhe a do perfil e do tipo do membro; perfil 'geral' e lead null valem para qualquer um.",
        response: { 200: bannerHomeListSchema, 401: errorResponseSchema },
      },
    },
    async (request, reply) => sendShared(request, reply, await home(), 'private'),
  );

  app.get(
    '/bannersite/ativos',
    {
      onRequest: [app.authenticate],
      schema: {
        tags,
        ...secured,
        summary: 'Banners do site (exclusivo, pré-venda, lançamento) que o membro pode ver agora',
        description:
          'Só os que estão dentro da janela inicio..fim, das cidades do membro (lista vazia = todas; sem acento nem caixa); ' +
          'os exclusivos nunca para colaboradores nem leads.',
        response: { 200: bannerSiteListSchema, 401: errorResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-cache');
      return listActiveSiteBanners(await site(), request.usuario);
    },
  );

  app.get(
    '/bannersite/recomendacao',
    {
      onRequest: [app.authenticate],
      schema: {
        tags,
        ...secured,
        summary: 'Pares de produtos recomendados ao membro (que ele ainda não tem), com links da loja',
        description: 'hash = hashUsuario do próprio membro (403 se for de outro). Até 3 pares, primeiro das categorias do perfil.',
        querystring: recommendationQuerySchema,
        response: { 200: recommendationListSchema, 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async (request) => recommendations(pool, request.usuario, request.query.hash, app.ctx.config.storeUrl),
  );
};

export default bannerRoutes;
