import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { errorResponseSchema, WAITING_ROOM_TICKET_HEADER, loginSchema, messageResponseSchema, MSG, recoverPasswordConfirmationSchema, recoverPasswordQuerySchema, tokenResponseSchema, emailSchema } from '@legiao/contracts';
import { authRateLimit, loginIpRateLimit } from '../../plugins/rate-limits.js';
import { confirmPasswordReset, login, requestPasswordReset } from './auth.service.js';
import { revokeSession } from './session.service.js';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 429: errorResponseSchema };

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const rateLimit = authRateLimit(app);

  app.post(
    '/auth/login',
    { config: { rateLimit: loginIpRateLimit(app) }, schema: { tags: ['auth'], summary: 'Entrar com e-mail e senha', body: loginSchema, response: { 200: tokenResponseSchema, ...errors } } },
    async (request) => {
      const header = request.headers[WAITING_ROOM_TICKET_HEADER];
      const ticket = request.body.ticket ?? (typeof header === 'string' ? header : undefined);
      return login(app, request.body.email, request.body.senha, { ip: request.ip, userAgent: request.headers['user-agent'], ticket });
    },
  );

  app.post(
    '/auth/logout',
    { onRequest: [app.authenticate], schema: { tags: ['auth'], summary: 'Sair: revoga o token no servidor', security: [{ bearer: [] }], response: { 200: messageResponseSchema, 401: errorResponseSchema } } },
    async (request) => {
      await revokeSession(app, request.sessao.id);
      return { message: 'Sessão encerrada.' };
    },
  );

  app.get(
    '/auth/recuperar-senha',
    { config: { rateLimit }, schema: { tags: ['auth'], summary: 'Pede o e-mail de redefinição de senha (resposta sempre neutra)', querystring: recoverPasswordQuerySchema, response: { 200: messageResponseSchema, 429: errorResponseSchema } } },
    async (request) => {
      const email = emailSchema.safeParse(request.query.email ?? '');
      if (email.success) await requestPasswordReset(app, email.data);
      return { message: MSG.recuperacaoNeutra };
    },
  );

  app.post(
    '/auth/recuperar-senha-confirmacao',
    { config: { rateLimit }, schema: { tags: ['auth'], summary: 'Define a nova senha com o link recebido (q = code, h = hash)', body: recoverPasswordConfirmationSchema, response: { 200: messageResponseSchema, ...errors } } },
    async (request) => {
      await confirmPasswordReset(app, request.body.code, request.body.hash, request.body.senha);
      return { message: MSG.senhaAtualizada };
    },
  );
};

