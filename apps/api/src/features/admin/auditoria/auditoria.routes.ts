import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@legiao/contracts';
import { auditEntitiesSchema, auditEntrySchema, auditIdParamsSchema, auditListQuerySchema, auditListSchema } from '@legiao/contracts/admin/auditoria';
import { getAuditEntry, listAudit, listAuditEntities } from './auditoria.service.js';

const tags = ['admin'];
const secured = { security: [{ bearer: [] }] };
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };

export const auditoriaRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = { onRequest: [app.requirePermission('audit.read')] };

  app.get(
    '/admin/auditoria',
    { ...guard, schema: { tags, summary: 'Trilha de auditoria: filtros por autor, entidade e datas (dias de São Paulo)', ...secured, querystring: auditListQuerySchema, response: { 200: auditListSchema, ...errors } } },
    async (request) => listAudit(app.ctx.prisma, request.query),
  );

  app.get(
    '/admin/auditoria/entidades',
    { ...guard, schema: { tags, summary: 'Entidades presentes na trilha (opções do filtro)', ...secured, response: { 200: auditEntitiesSchema, ...errors } } },
    async () => ({ entidades: await listAuditEntities(app.ctx.prisma) }),
  );

  app.get(
    '/admin/auditoria/:id',
    { ...guard, schema: { tags, summary: 'Um registro da trilha com o antes e o depois', ...secured, params: auditIdParamsSchema, response: { 200: auditEntrySchema, ...errors, 404: errorResponseSchema } } },
    async (request) => getAuditEntry(app.ctx.prisma, request.params.id),
  );
};
