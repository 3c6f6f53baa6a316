import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema, leadResponseSchema, leadSchema } from '@legiao/contracts';
import { authRateLimit } from '../../plugins/rate-limits.js';
import { createLead } from './leads.service.js';

export const leadsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/Leads/Create',
    {
      config: { rateLimit: authRateLimit(app) },
      schema: {
        tags: ['leads'],
        summary: 'Página de captação (/expert-xp/): guarda o lead e seus consentimentos e entrega um cupom de 40%',
        description:
          'Público. Um cupom por e-mail: o mesmo e-mail recebe de volta o primeiro cupom (200, novo: false) sem mudar nada; um e-mail novo recebe 201. ' +
          'O cupom vale na primeira compra, uma vez por CPF (regra da loja).',
        body: leadSchema,
        response: { 200: leadResponseSchema, 201: leadResponseSchema, 400: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const { status, body } = await createLead(app, request.body);
      return reply.status(status).send(body);
    },
  );
};

export default leadsRoutes;
