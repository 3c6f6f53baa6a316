import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema, excluirContaSchema, messageResponseSchema, meusDadosSchema, MSG_LGPD } from '@legiao/contracts';
import { authRateLimit } from '../../plugins/rate-limits.js';
import { exportMemberData } from './coletores.js';
import { deleteAccount } from './exclusao.service.js';

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
        response: { 200: meusDadosSchema, 401: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const dados = await exportMemberData(app.ctx.prisma, request.usuario.id);
      const dia = dados.geradoEm.slice(0, 10);
      return reply.header('content-disposition', `attachment; filename="meus-dados-legiao-${dia}.json"`).header('cache-control', 'no-store').send(dados);
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
        body: excluirContaSchema.nullish(),
        response: { 200: messageResponseSchema, 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request) => {
      await deleteAccount(app, request.usuario, request.sessao.id, request.body?.senha);
      return { message: MSG_LGPD.contaExcluida };
    },
  );
};
