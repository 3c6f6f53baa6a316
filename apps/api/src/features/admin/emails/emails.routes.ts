import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@legiao/contracts';
import { emailPreviewSchema, emailTemplateListSchema, emailTemplateParamsSchema, emailTestSentSchema } from '@legiao/contracts/admin/emails';
import { listTemplates, previewTemplate, sendTest } from './emails.service.js';

// /api/admin/emails (issue 32 §3; ADR 0048). The previews are content staff read (content.read);
// sending a test copy writes to the outbox and the audit trail (content.write).

const tags = ['admin'];
const secured = { security: [{ bearer: [] }] };
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };

export const emailsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app.ctx;
  const read = app.requirePermission('content.read');
  const write = app.requirePermission('content.write');

  app.get('/admin/emails', { onRequest: read, schema: { tags, ...secured, summary: 'Os e-mails que o portal envia: chave, nome, descrição, público e assunto', response: { 200: emailTemplateListSchema, ...errors } } }, async () =>
    listTemplates(config),
  );

  app.get(
    '/admin/emails/:chave',
    {
      onRequest: read,
      schema: {
        tags,
        ...secured,
        summary: 'Um e-mail renderizado com os dados de exemplo: assunto, pré-cabeçalho, HTML (mostre num iframe isolado) e texto simples',
        params: emailTemplateParamsSchema,
        response: { 200: emailPreviewSchema, 404: errorResponseSchema, ...errors },
      },
    },
    async (request) => previewTemplate(request.params.chave, config),
  );

  app.post(
    '/admin/emails/:chave/enviar-teste',
    {
      onRequest: write,
      schema: {
        tags,
        ...secured,
        summary: 'Envia o e-mail com os dados de exemplo para o próprio endereço de quem pede (pela fila de e-mails; auditado). 202: na fila',
        params: emailTemplateParamsSchema,
        response: { 202: emailTestSentSchema, 404: errorResponseSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(202).send(await sendTest(app, request.params.chave, request.staff, request.id)),
  );
};
