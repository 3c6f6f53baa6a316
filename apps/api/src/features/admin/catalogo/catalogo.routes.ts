import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@legiao/contracts';
import {
  catalogueListQuerySchema,
  catalogueOptionsSchema,
  cataloguePageSchema,
  productAdminIdParamsSchema,
  productAdminInputSchema,
  productAdminSchema,
  activeProductInputSchema,
} from '@legiao/contracts/admin/catalogo';
import { recordAudit } from '../audit/audit.service.js';
import { activateProduct, createProduct, editProduct, readProduct, listCatalogue, catalogueOptions } from './catalogo.service.js';

// /api/admin/catalogo (issue 16 item 6; ADR 0029). Reads: content.read; writes: content.write,
// audited in the write's transaction. Legion numbers are read-only here (ADR 0006).

const tags = ['admin'];
const secured = { security: [{ bearer: [] }] };
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };
const ENTITY = 'produto';

export const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  const { prisma } = app.ctx;
  const read = app.requirePermission('content.read');
  const write = app.requirePermission('content.write');

  app.get(
    '/admin/catalogo',
    { onRequest: read, schema: { tags, ...secured, summary: 'Produtos (ativos e inativos), paginados, com os números da Legião', querystring: catalogueListQuerySchema, response: { 200: cataloguePageSchema, ...errors } } },
    async (request) => listCatalogue(prisma, request.query),
  );

  app.get('/admin/catalogo/opcoes', { onRequest: read, schema: { tags, ...secured, summary: 'Categorias, linhas, molduras e locais de compra', response: { 200: catalogueOptionsSchema, ...errors } } }, async () =>
    catalogueOptions(prisma),
  );

  app.get(
    '/admin/catalogo/:id',
    { onRequest: read, schema: { tags, ...secured, summary: 'Um produto', params: productAdminIdParamsSchema, response: { 200: productAdminSchema, 404: errorResponseSchema, ...errors } } },
    async (request) => readProduct(prisma, request.params.id),
  );

  app.post(
    '/admin/catalogo',
    { onRequest: write, schema: { tags, ...secured, summary: 'Cria um produto', body: productAdminInputSchema, response: { 201: productAdminSchema, 409: errorResponseSchema, ...errors } } },
    async (request, reply) => {
      const p = await prisma.$transaction(async (tx) => {
        const created = await createProduct(tx, request.body);
        await recordAudit(tx, { actorId: request.staff.id, action: 'produto.criar', entity: ENTITY, entityId: created.id, before: null, after: created, requestId: request.id });
        return created;
      });
      return reply.status(201).send(p);
    },
  );

  app.put(
    '/admin/catalogo/:id',
    {
      onRequest: write,
      schema: { tags, ...secured, summary: 'Altera um produto (os números da Legião não mudam)', params: productAdminIdParamsSchema, body: productAdminInputSchema, response: { 200: productAdminSchema, 404: errorResponseSchema, 409: errorResponseSchema, ...errors } },
    },
    async (request) =>
      prisma.$transaction(async (tx) => {
        const r = await editProduct(tx, request.params.id, request.body);
        await recordAudit(tx, { actorId: request.staff.id, action: 'produto.editar', entity: ENTITY, entityId: r.depois.id, before: r.antes, after: r.depois, requestId: request.id });
        return r.depois;
      }),
  );

  app.put(
    '/admin/catalogo/:id/ativo',
    {
      onRequest: write,
      schema: { tags, ...secured, summary: 'Ativa ou desativa um produto (desativado some do catálogo; quem já tem continua vendo)', params: productAdminIdParamsSchema, body: activeProductInputSchema, response: { 200: productAdminSchema, 404: errorResponseSchema, ...errors } },
    },
    async (request) =>
      prisma.$transaction(async (tx) => {
        const r = await activateProduct(tx, request.params.id, request.body.ativo);
        await recordAudit(tx, { actorId: request.staff.id, action: request.body.ativo ? 'produto.ativar' : 'produto.desativar', entity: ENTITY, entityId: r.depois.id, before: r.antes, after: r.depois, requestId: request.id });
        return r.depois;
      }),
  );
};
