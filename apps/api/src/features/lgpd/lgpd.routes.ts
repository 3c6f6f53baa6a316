import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema, deleteAccountSchema, messageResponseSchema, myDataSchema, MSG_LGPD } from '@legiao/contracts';
import { authRateLimit } from '../../plugins/rate-limits.js';
import { exportMemberData } from './collectors.js';
import { deleteAccount } from './deletion.service.js';

const secured = { security: [{ bearer: [] }] };

/** The member's data rights (LGPD Art. 18). docs/decisions/0011-data-rights.md */
export const lgpdRoutes: FastifyPluginAsyncZod = async (app) => {
  const rateLimit = authRateLimit(app);

  app.get(
    '/usuario/meus-dados',
    {
      onRequest: [app.authenticate],
      config: { rateLimit },
      schema: {
        tags: ['usuario'],
        summary: 'Baixa todos os dados do membro em JSON (acesso e portabilidade, LGPD art. 18)',
        ...secured,
        response: { 200: myDataSchema, 401: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const data = await exportMemberData(app.ctx.prisma, request.usuario.id);
      const day = data.geradoEm.slice(0, 10);
      return reply.header('content-disposition', `attachment; filename="meus-dados-legiao-${day}.json"`).header('cache-control', 'no-store').send(data);
    },
  );

  app.delete(
    '/usuario',
    {
      onRequest: [app.authenticate],
      config: { rateLimit },
      schema: {
        tags: ['usuario'],
        summary: 'Exclui a conta: confirma com a senha (ou, em contas sociais, login nos últimos 15 minutos) e anonimiza os dados',
        ...secured,
        // A DELETE may come without a body (social accounts have no password to send).
        body: deleteAccountSchema.nullish(),
        response: { 200: messageResponseSchema, 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request) => {
      await deleteAccount(app, request.usuario, request.sessao.id, request.body?.senha);
      return { message: MSG_LGPD.contaExcluida };
    },
  );
};
