import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@legiao/contracts';
import { achievementSchema } from '@legiao/contracts/conquista';
import { poolOf } from '../../db/prisma.js';
import { achievementsOf } from './conquista.service.js';

// GET /Conquista (spec 000 sections 3, 7; spec 001 sections 2.22, 3, 4). Shape:
// packages/contracts/src/conquista.ts; thresholds: docs/decisions/0013-conquistas.md.

export const achievementRoutes: FastifyPluginAsyncZod = async (app) => {
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
        response: { 200: achievementSchema, 401: errorResponseSchema },
      },
    },
    async (request) => achievementsOf(poolOf(app.ctx.prisma), request.usuario, { foundersUntil: app.ctx.config.foundersUntil }),
  );
};

export default achievementRoutes;
