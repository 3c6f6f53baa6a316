import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { changeEmailResponseSchema, changeEmailSchema, confirmEmailResponseSchema, confirmEmailSchema, errorResponseSchema } from '@legiao/contracts';
import { authRateLimit } from '../../plugins/rate-limits.js';
import { confirmEmailChange, requestEmailChange } from './change-email.service.js';

const errors = { 400: errorResponseSchema, 409: errorResponseSchema, 429: errorResponseSchema };

export const changeEmailRoutes: FastifyPluginAsyncZod = async (app) => {
  const rateLimit = authRateLimit(app);

  app.post(
    '/usuario/alterar-email',
    {
      onRequest: [app.authenticate],
      config: { rateLimit },
      schema: {
        tags: ['usuario'],
        summary: 'Pede a troca do e-mail: o novo endereço recebe um link de confirmação',
        security: [{ bearer: [] }],
        body: changeEmailSchema,
        response: { 200: changeEmailResponseSchema, 401: errorResponseSchema, ...errors },
      },
    },
    async (request) => requestEmailChange(app, request.usuario, request.body.email),
  );

  app.post(
    '/usuario/confirmar-email',
    {
      config: { rateLimit },
      schema: {
        tags: ['usuario'],
        summary: 'Confirma a troca do e-mail com o hash do link (q); o endereço antigo é avisado',
        body: confirmEmailSchema,
        response: { 200: confirmEmailResponseSchema, ...errors },
      },
    },
    async (request) => confirmEmailChange(app, request.body.hash),
  );
};
