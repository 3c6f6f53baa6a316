import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@legiao/contracts';
import { conquistaSchema } from '@legiao/contracts/conquista';
import { poolOf } from '../../db/prisma.js';
import { conquistasDe } from './conquista.service.js';

// GET /Conquista (spec 000 sections 3, 7; spec 001 sections 2.22, 3, 4). Shape:
// packages/contracts/src/conquista.ts; thresholds: docs/decisions/0013-conquistas.md.

export const conquistaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/conquista',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['conquista'],
        security: [{ bearer: [] }],
        summary: 'Conquistas do membro: níveis de tempo, indicação e coleção, fundador, número de legião, perfil e experiências',
        description:
          'Calculadas a cada chamada a partir dos dados do membro: nivelTempo pelos dias desde a ativação, nivelIndicacao pelas indicações confirmadas, ' +
          'nivelColecao pelos produtos distintos na coleção (LIMIARES_CONQUISTA); experiencias = eventos dos benefícios que o membro resgatou.',
        response: { 200: conquistaSchema, 401: errorResponseSchema },
      },
    },
    async (request) => conquistasDe(poolOf(app.ctx.prisma), request.usuario, { fundadoresAte: app.ctx.config.fundadoresAte }),
  );
};

export default conquistaRoutes;
