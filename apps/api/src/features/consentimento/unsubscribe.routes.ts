import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '@legiao/contracts';
import { UNSUBSCRIBE_MSG, unsubscribeResponseSchema } from '@legiao/contracts/descadastro';
import { badRequest } from '../../errors/app-error.js';
import { verifyUnsubscribeToken, withdrawEmailConsent } from './unsubscribe.js';

// POST /api/descadastro/{token}: the one-click unsubscribe of RFC 8058. Mail clients POST
// `List-Unsubscribe=One-Click` as application/x-www-form-urlencoded (or multipart/form-data); the
// token in the address is what counts, so the body is read and ignored. No session: the signature
// is the authority. A GET does nothing (link checkers and scanners follow GETs).

export const unsubscribeRoutes: FastifyPluginAsyncZod = async (app) => {
  // Encapsulated: only these routes take the form bodies mail clients send.
  for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data']) {
    if (app.hasContentTypeParser(type)) app.removeContentTypeParser(type);
    app.addContentTypeParser(type, { parseAs: 'string', bodyLimit: 1024 }, (_req, body, done) => done(null, body));
  }
  app.post(
    '/descadastro/:token',
    {
      schema: {
        tags: ['usuario'],
        summary: 'Descadastro em um clique (RFC 8058): retira o consentimento de e-mail da conta que o token assinado nomeia',
        description:
          'O endereço vem no cabeçalho List-Unsubscribe dos e-mails de marketing (o aviso de lançamento), com List-Unsubscribe-Post: List-Unsubscribe=One-Click. O corpo (List-Unsubscribe=One-Click) é ignorado; sem sessão. Registrado no histórico de consentimentos com origem "descadastro". Repetir não muda nada.',
        params: z.object({ token: z.string().max(120, { message: UNSUBSCRIBE_MSG.invalido }) }),
        response: { 200: unsubscribeResponseSchema, 400: errorResponseSchema },
      },
    },
    async (request) => {
      const userId = verifyUnsubscribeToken(app.ctx.config.jwtSecret, request.params.token);
      if (!userId) throw badRequest(UNSUBSCRIBE_MSG.invalido, 'DESCADASTRO_INVALIDO');
      await withdrawEmailConsent(app.ctx.prisma, userId, { ip: request.ip, userAgent: request.headers['user-agent'] });
      return { mensagem: UNSUBSCRIBE_MSG.feito };
    },
  );
};

export default unsubscribeRoutes;
