import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { consentimentosResponseSchema, errorResponseSchema } from '@legiao/contracts';
import { listConsents } from './consentimento.service.js';

export const consentimentoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/usuario/consentimentos',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['usuario'],
        summary: 'Histórico de consentimentos (e-mail, SMS, WhatsApp): cada aceite e cada retirada, quando e onde',
        security: [{ bearer: [] }],
        response: { 200: consentimentosResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => listConsents(app.ctx.prisma, request.usuario.id),
  );
};
