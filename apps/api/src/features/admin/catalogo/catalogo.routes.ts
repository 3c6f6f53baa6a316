import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@legiao/contracts';
import {
  catalogoListQuerySchema,
  catalogoOpcoesSchema,
  catalogoPageSchema,
  produtoAdminIdParamsSchema,
  produtoAdminInputSchema,
  produtoAdminSchema,
  produtoAtivoInputSchema,
} from '@legiao/contracts/admin/catalogo';
import { recordAudit } from '../audit/audit.service.js';
import { ativarProduto, criarProduto, editarProduto, lerProduto, listarCatalogo, opcoesCatalogo } from './catalogo.service.js';

// /api/admin/catalogo (issue 16 item 6; ADR 0029). Reads: content.read; writes: content.write,
// audited in the write's transaction. Legion numbers are read-only here (ADR 0006).

const tags = ['admin'];
const secured = { security: [{ bearer: [] }] };
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };
const ENTIDADE = 'produto';

export const catalogoRoutes: FastifyPluginAsyncZod = async (app) => {
  const { prisma } = app.ctx;
  const ler = app.requirePermission('content.read');
  const escrever = app.requirePermission('content.write');

  app.get(
    '/admin/catalogo',
    { onRequest: ler, schema: { tags, ...secured, summary: 'Produtos (ativos e inativos), paginados, com os números da Legião', querystring: catalogoListQuerySchema, response: { 200: catalogoPageSchema, ...errors } } },
    async (request) => listarCatalogo(prisma, request.query),
  );

  app.get('/admin/catalogo/opcoes', { onRequest: ler, schema: { tags, ...secured, summary: 'Categorias, linhas, molduras e locais de compra', response: { 200: catalogoOpcoesSchema, ...errors } } }, async () =>
    opcoesCatalogo(prisma),
  );

  app.get(
    '/admin/catalogo/:id',
    { onRequest: ler, schema: { tags, ...secured, summary: 'Um produto', params: produtoAdminIdParamsSchema, response: { 200: produtoAdminSchema, 404: errorResponseSchema, ...errors } } },
    async (request) => lerProduto(prisma, request.params.id),
  );

  app.post(
    '/admin/catalogo',
    { onRequest: escrever, schema: { tags, ...secured, summary: 'Cria um produto', body: produtoAdminInputSchema, response: { 201: produtoAdminSchema, 409: errorResponseSchema, ...errors } } },
    async (request, reply) => {
      const p = await prisma.$transaction(async (tx) => {
        const criado = await criarProduto(tx, request.body);
        await recordAudit(tx, { actorId: request.staff.id, action: 'produto.criar', entity: ENTIDADE, entityId: criado.id, before: null, after: criado, requestId: request.id });
        return criado;
      });
      return reply.status(201).send(p);
    },
  );

  app.put(
    '/admin/catalogo/:id',
    {
      onRequest: escrever,
      schema: { tags, ...secured, summary: 'Altera um produto (os números da Legião não mudam)', params: produtoAdminIdParamsSchema, body: produtoAdminInputSchema, response: { 200: produtoAdminSchema, 404: errorResponseSchema, 409: errorResponseSchema, ...errors } },
    },
    async (request) =>
      prisma.$transaction(async (tx) => {
        const r = await editarProduto(tx, request.params.id, request.body);
        await recordAudit(tx, { actorId: request.staff.id, action: 'produto.editar', entity: ENTIDADE, entityId: r.depois.id, before: r.antes, after: r.depois, requestId: request.id });
        return r.depois;
      }),
  );

  app.put(
    '/admin/catalogo/:id/ativo',
    {
      onRequest: escrever,
      schema: { tags, ...secured, summary: 'Ativa ou desativa um produto (desativado some do catálogo; quem já tem continua vendo)', params: produtoAdminIdParamsSchema, body: produtoAtivoInputSchema, response: { 200: produtoAdminSchema, 404: errorResponseSchema, ...errors } },
    },
    async (request) =>
      prisma.$transaction(async (tx) => {
        const r = await ativarProduto(tx, request.params.id, request.body.ativo);
        await recordAudit(tx, { actorId: request.staff.id, action: request.body.ativo ? 'produto.ativar' : 'produto.desativar', entity: ENTIDADE, entityId: r.depois.id, before: r.antes, after: r.depois, requestId: request.id });
        return r.depois;
      }),
  );
};
