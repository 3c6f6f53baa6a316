import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema, friendsFamilyResponseSchema } from '@legiao/contracts';
import { friendsFamilyCoupons } from './friends-family.service.js';

export const friendsFamilyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/friends-family',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['friends-family'],
        security: [{ bearer: [] }],
        summary: 'Cupons Friends & Family do colaborador: 5 de 20%, válidos até o último dia do mês',
        description: 'Só colaboradores; os demais recebem 403 (o web volta para /home). Os cupons do mês são criados na primeira visita e não mudam até o mês acabar.',
        response: { 200: friendsFamilyResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async (request) => friendsFamilyCoupons(app, request.usuario),
  );
};

export default friendsFamilyRoutes;
