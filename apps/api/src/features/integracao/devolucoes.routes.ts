import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifySchemaCompiler } from 'fastify';
import { z } from 'zod';
import { BOUNCE_CONTENT_TYPE, BOUNCE_MAX_BYTES, BOUNCE_MSG, bounceResultSchema } from '@legiao/contracts/integracao/devolucoes';
import { poolOf } from '../../db/prisma.js';
import { AppError, badRequest } from '../../errors/app-error.js';
import { validatorCompiler } from '../../lib/validator.js';
import { described, INTEGRATION_PREFIX, integrationDoc, integrationErrors } from './integracao.routes.js';
import { recordBounce } from './devolucoes.service.js';

// The mail relay's late bounces (issue 32 §2; docs/decisions/0049-launch-alert-waves.md, "Bounces that
// arrive later"): a Postfix pipe or an ESP's forward posts each message that reached the bounce
// mailbox, raw, with a key of scope emails:devolucoes. 400 only for what is no delivery report at all;
// everything else is 202 (registrada or ignorada), so the relay never retries a report forever.

const tooLarge = () => new AppError('TOO_LARGE', BOUNCE_MSG.grandeDemais, 'DEVOLUCAO_GRANDE');

/** The body is the message's bytes (8-bit mail need not be UTF-8); the route checks it, not a zod schema. */
const rawBody: FastifySchemaCompiler<z.ZodType> = (route) => (route.httpPart === 'body' ? (data: unknown) => ({ value: data }) : validatorCompiler(route));

const DESCRIPTION = `Para o servidor de e-mail da marca: cada aviso de lançamento sai com um remetente de envelope próprio (VERP), \`<local>+<token>@<domínio>\` do endereço de devoluções (EMAIL_DEVOLUCOES). Envie a esta chamada, inteira e sem alterar, cada mensagem que chegar a esse endereço (um alias ou pipe do Postfix, ou o encaminhamento do provedor), com \`Content-Type: ${BOUNCE_CONTENT_TYPE}\`, até 1 MB.

- Um relatório de entrega (DSN, RFC 3464) com **Action: failed** e **Status 5.x.x** é uma devolução definitiva: o aviso fica **devolvido** (com o diagnóstico) e o endereço não recebe avisos de lançamento por 90 dias (ou até o membro trocar de e-mail).
- **Action: delayed** ou Status 4.x.x: o atraso fica registrado no aviso, que continua enviado.
- Um endereço de devolução que não confere (assinatura inválida, aviso apagado), um relatório de entrega confirmada ou o mesmo relatório de novo: 202 **ignorada**, com o motivo. Não reenvie.

A resposta nunca traz endereços de e-mail, e o portal não os registra em log.`;

export const bounceRoutes: FastifyPluginAsyncZod = async (app) => {
  const pool = poolOf(app.ctx.prisma);
  const { config } = app.ctx;

  // Encapsulated: only this route reads message/rfc822, streamed and counted (a custom parser: the
  // over-limit answer is the route's own Portuguese 413, not the framework's generic one).
  app.addContentTypeParser(BOUNCE_CONTENT_TYPE, (request, payload, done) => {
    const declared = Number(request.headers['content-length'] ?? 0);
    if (declared > BOUNCE_MAX_BYTES) return done(tooLarge(), undefined);
    const chunks: Buffer[] = [];
    let size = 0;
    let finished = false;
    const finish = (err: Error | null, body?: Buffer) => {
      if (finished) return;
      finished = true;
      done(err, body);
    };
    payload.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > BOUNCE_MAX_BYTES) {
        payload.removeAllListeners('data');
        payload.resume();
        return finish(tooLarge());
      }
      chunks.push(chunk);
    });
    payload.on('end', () => finish(null, Buffer.concat(chunks)));
    payload.on('error', (err) => finish(err));
  });

  app.post(
    `${INTEGRATION_PREFIX}/emails/devolucoes`,
    {
      onRequest: [app.requireClientScope('emails:devolucoes')],
      validatorCompiler: rawBody as never,
      schema: {
        ...integrationDoc,
        summary: 'Recebe uma devolução de e-mail (DSN) de um aviso de lançamento (escopo emails:devolucoes)',
        description: DESCRIPTION,
        consumes: [BOUNCE_CONTENT_TYPE],
        body: z.string().meta({ format: 'binary' }).describe('A mensagem de devolução inteira, como chegou ao endereço de devoluções (cabeçalhos e corpo).'),
        response: {
          202: described('O que a devolução mudou (registrada) ou por que nada mudou (ignorada). Não reenvie em nenhum dos dois casos.', bounceResultSchema),
          400: described(`A mensagem não é um relatório de entrega, ou o corpo está vazio ("${BOUNCE_MSG.naoEDsn}").`),
          413: described(`A mensagem passou de 1 MB ("${BOUNCE_MSG.grandeDemais}").`),
          ...integrationErrors,
        },
      },
    },
    async (request, reply) => {
      const raw = request.body as unknown;
      if (!Buffer.isBuffer(raw) || raw.length === 0) throw badRequest(BOUNCE_MSG.naoEDsn, 'DEVOLUCAO_INVALIDA');
      const { kind, ...answer } = await recordBounce(pool, { mailbox: config.bounceMailbox, secret: config.jwtSecret }, raw);
      request.log.info({ clienteId: request.apiClient.id, situacao: answer.situacao, devolucao: kind }, 'devolução de e-mail recebida');
      return reply.status(202).send(answer);
    },
  );
};

export default bounceRoutes;
