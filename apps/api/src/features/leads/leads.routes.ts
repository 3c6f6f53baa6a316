import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema, leadResponseSchema, leadSchema } from '@legiao/contracts';
import { authRateLimit } from '../../plugins/rate-limits.js';
import { couponMailLimit, LEAD_COUPON_MAILS } from './coupon-mail-limit.js';
import { createLead } from './leads.service.js';

export const leadsRoutes: FastifyPluginAsyncZod = async (app) => {
  const mayMail = couponMailLimit(app);
  app.post(
    '/Leads/Create',
    {
      config: { rateLimit: authRateLimit(app) },
      schema: {
        tags: ['leads'],
        summary: 'Página de captação (/expert-xp/): guarda o lead e seus consentimentos e envia por e-mail um cupom pessoal de 40%',
        description:
          'Público. Um lead e um cupom pessoal por e-mail, enviado só para esse endereço (de novo quando o e-mail é digitado outra vez, ' +
          `no máximo ${LEAD_COUPON_MAILS.max} e-mails por endereço em ${LEAD_COUPON_MAILS.windowMs / 3_600_000} horas). ` +
          'A resposta é sempre a mesma, com o cupom da campanha, seja o e-mail novo ou não: ' +
          'ela não diz se um endereço já é lead. Os cupons valem na primeira compra, uma vez por CPF (regra da loja).',
        body: leadSchema,
        response: { 200: leadResponseSchema, 400: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    // Counted for every call, new e-mail or not: the same work either way.
    async (request) => createLead(app, request.body, await mayMail(request)),
  );
};

export default leadsRoutes;
