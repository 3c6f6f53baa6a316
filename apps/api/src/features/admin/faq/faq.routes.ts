import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '@legiao/contracts';
import { faqAdminListSchema, faqAdminSchema, faqIdParamsSchema, faqInputSchema, faqOrderInputSchema } from '@legiao/contracts/admin/faq';
import { listFaq } from '../../faq/faq.service.js';
import { recordAudit } from '../audit/audit.service.js';
import { createFaq, editFaq, sortFaq, removeFaq, toFaqAdmin } from './faq.service.js';

// /api/admin/faq (issue 16 item 5; ADR 0029). Reads: content.read; writes: content.write, each
// audited in the write's transaction.

const tags = ['admin'];
const secured = { security: [{ bearer: [] }] };
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };

export const faqAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { prisma } = app.ctx;
  const read = app.requirePermission('content.read');
  const write = app.requirePermission('content.write');

  app.get('/admin/faq', { onRequest: read, schema: { tags, ...secured, summary: 'Todas as perguntas (ativas e inativas), por lista e ordem', response: { 200: faqAdminListSchema, ...errors } } }, async () =>
    listFaq(prisma, {}),
  );

  app.post('/admin/faq', { onRequest: write, schema: { tags, ...secured, summary: 'Cria uma pergunta no fim da sua lista', body: faqInputSchema, response: { 201: faqAdminSchema, ...errors } } }, async (request, reply) => {
    const created = await prisma.$transaction(async (tx) => {
      const f = toFaqAdmin(await createFaq(tx, request.body));
      await recordAudit(tx, { actorId: request.staff.id, action: 'faq.criar', entity: 'faq', entityId: f.id, before: null, after: f, requestId: request.id });
      return f;
    });
    return reply.status(201).send(created);
  });

  app.put(
    '/admin/faq/ordem',
    { onRequest: write, schema: { tags, ...secured, summary: 'Nova ordem de perguntas de uma lista (trocam entre si os lugares que ocupavam)', body: faqOrderInputSchema, response: { 200: faqAdminListSchema, 404: errorResponseSchema, ...errors } } },
    async (request) => {
      await prisma.$transaction(async (tx) => {
        const r = await sortFaq(tx, request.body.categoria, request.body.ids);
        await recordAudit(tx, { actorId: request.staff.id, action: 'faq.ordenar', entity: 'faq', entityId: null, before: { categoria: request.body.categoria, ordem: r.antes }, after: { categoria: request.body.categoria, ordem: r.depois }, requestId: request.id });
      });
      return listFaq(prisma, {});
    },
  );

  app.put(
    '/admin/faq/:id',
    { onRequest: write, schema: { tags, ...secured, summary: 'Altera uma pergunta (texto, lista, ativa)', params: faqIdParamsSchema, body: faqInputSchema, response: { 200: faqAdminSchema, 404: errorResponseSchema, ...errors } } },
    async (request) =>
      prisma.$transaction(async (tx) => {
        const r = await editFaq(tx, request.params.id, request.body);
        const before = toFaqAdmin(r.antes);
        const after = toFaqAdmin(r.depois);
        await recordAudit(tx, { actorId: request.staff.id, action: 'faq.editar', entity: 'faq', entityId: after.id, before: before, after: after, requestId: request.id });
        return after;
      }),
  );

  app.delete(
    '/admin/faq/:id',
    { onRequest: write, schema: { tags, ...secured, summary: 'Remove uma pergunta', params: faqIdParamsSchema, response: { 204: z.null(), 404: errorResponseSchema, ...errors } } },
    async (request, reply) => {
      await prisma.$transaction(async (tx) => {
        const before = toFaqAdmin(await removeFaq(tx, request.params.id));
        await recordAudit(tx, { actorId: request.staff.id, action: 'faq.remover', entity: 'faq', entityId: before.id, before: before, after: null, requestId: request.id });
      });
      return reply.status(204).send(null);
    },
  );
};
