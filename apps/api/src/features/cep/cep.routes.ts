import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cepParamsSchema, cepResponseSchema, errorResponseSchema, MSG } from '@legiao/contracts';
import { AppError } from '../../errors/app-error.js';
import { CepUnavailable } from './cep.provider.js';

export const cepRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/cep/:cep',
    {
      schema: {
        tags: ['cep'],
        summary: 'Consulta um CEP (logradouro, localidade, uf) ou responde { erro: true }',
        params: cepParamsSchema,
        response: { 200: cepResponseSchema, 400: errorResponseSchema, 503: errorResponseSchema },
      },
    },
    async (request) => {
      try {
        const address = await app.ctx.cep.lookup(request.params.cep);
        return address ?? { erro: true as const };
      } catch (err) {
        if (err instanceof CepUnavailable) {
          request.log.warn({ err }, 'cep provider unavailable');
          throw new AppError('UNAVAILABLE', MSG.servicoIndisponivel, 'CEP_INDISPONIVEL');
        }
        throw err;
      }
    },
  );
};
