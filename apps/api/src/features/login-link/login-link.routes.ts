import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { issueLoginLinkSchema, errorResponseSchema, WAITING_ROOM_TICKET_HEADER, loginByWillSchema, loginLinkResponseSchema, tokenResponseSchema } from '@legiao/contracts';
import { authRateLimit } from '../../plugins/rate-limits.js';
import { issueLoginLink, loginByWill } from './login-link.service.js';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 429: errorResponseSchema };

/** Automatic login links: the member's call (spec 000 section 7) and the operators' issuing call. */
export const loginLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/auth/loginbywill',
    {
      config: { rateLimit: authRateLimit(app) },
      schema: {
        tags: ['auth'],
        summary: 'Login automático pelo link (hash e code da página de login; celular decodificado do code)',
        body: loginByWillSchema,
        response: { 200: tokenResponseSchema, ...errors },
      },
    },
    async (request) => {
      const header = request.headers[WAITING_ROOM_TICKET_HEADER];
      const ticket = request.body.ticket ?? (typeof header === 'string' ? header : undefined);
      return loginByWill(app, { ...request.body, ticket }, { ip: request.ip, userAgent: request.headers['user-agent'] });
    },
  );

  app.post(
    '/admin/login-links',
    {
      onRequest: [app.requireAdmin],
      schema: {
        tags: ['admin'],
        summary: 'Emite um link de acesso automático, de uso único e com validade, para um membro (administradores)',
        security: [{ bearer: [] }],
        body: issueLoginLinkSchema,
        response: { 201: loginLinkResponseSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await issueLoginLink(app, request.body, request.usuario.id)),
  );
};
