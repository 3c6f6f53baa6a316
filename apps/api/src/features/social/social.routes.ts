import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema, WAITING_ROOM_TICKET_HEADER, socialConfigSchema, socialLoginSchema, tokenResponseSchema, type SocialConfig } from '@legiao/contracts';
import { authRateLimit } from '../../plugins/rate-limits.js';
import { socialLogin } from './social.service.js';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 429: errorResponseSchema, 503: errorResponseSchema };

/** Social login (spec 001 sections 2.12 and 7). docs/decisions/0010-social-login.md */
export const socialRoutes: FastifyPluginAsyncZod = async (app) => {
  const rateLimit = authRateLimit(app);

  app.get(
    '/auth/social-config',
    { schema: { tags: ['auth'], summary: 'Provedores de login social ligados e onde fica a tela de consentimento de cada um', response: { 200: socialConfigSchema } } },
    async (): Promise<SocialConfig> => {
      const { google, facebook } = app.ctx.config.social;
      return {
        google: google ? { clientId: google.clientId, authUrl: google.authUrl } : null,
        facebook: facebook ? { appId: facebook.appId, authUrl: facebook.authUrl } : null,
      };
    },
  );

  app.post(
    '/auth/social-login',
    {
      config: { rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Login com Google ou Facebook: o servidor confere o token no provedor, cria ou vincula a conta e responde data.token.token',
        body: socialLoginSchema,
        response: { 200: tokenResponseSchema, ...errors },
      },
    },
    async (request) => {
      const header = request.headers[WAITING_ROOM_TICKET_HEADER];
      const ticket = request.body.ticket ?? (typeof header === 'string' ? header : undefined);
      return socialLogin(app, { ...request.body, ticket }, { ip: request.ip, userAgent: request.headers['user-agent'] });
    },
  );
};
