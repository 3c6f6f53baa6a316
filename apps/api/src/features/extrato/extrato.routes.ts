import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema, statementQuerySchema, statementResponseSchema } from '@legiao/contracts';
import { userStatement } from './extrato.service.js';

export const statementRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/usuario/extrato',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['extrato'],
        security: [{ bearer: [] }],
        summary: 'Extrato do saldo: todos os lançamentos, do mais recente para o mais antigo',
        description:
          "motivo: 'Compra' | 'Indicação' | 'Enriquecimento de Perfil' | 'Resgate de Benefício' | 'Ajuste de Saldo'; valor em pontos (créditos positivos, resgates zero ou negativos). " +
          'mes (1-12) e ano filtram pelo horário de Brasília; sem eles, tudo. O saldo é a soma dos valores.',
        querystring: statementQuerySchema,
        response: { 200: statementResponseSchema, 400: errorResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => userStatement(app, request.usuario.id, request.query),
  );
};

export default statementRoutes;
