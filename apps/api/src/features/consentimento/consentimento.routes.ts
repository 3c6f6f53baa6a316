import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { consentsResponseSchema, errorResponseSchema } from '@legiao/contracts';
import { listConsents } from './consentimento.service.js';

export const consentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/usuario/consentimentos',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['usuario'],
        summary: 'Histórico de consentimentos (e-mail, SMS, WhatsApp): cada aceite e cada retirada, quando e onde',
        security: [{ bearer: [] }],
        response: { 200: consentsResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => listConsents(app.ctx.prisma, request.usuario.id),
  );
};
