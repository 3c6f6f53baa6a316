import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@legiao/contracts';
import {
  integrationCreateSchema,
  integrationDetailSchema,
  integrationKeyParamsSchema,
  integrationListQuerySchema,
  integrationListSchema,
  integrationNewKeySchema,
  integrationParamsSchema,
  integrationRotateSchema,
  integrationUpdateSchema,
} from '@legiao/contracts/admin/integracoes';
import { forgetIntegrationKeys } from '../../integracao/client-auth.js';
import { createIntegration, getIntegration, listIntegrations, revokeIntegration, revokeKey, rotateKey, updateIntegration } from './integracoes.service.js';

// Integrações (docs/decisions/0041-store-integration.md): the store's API clients and their keys.
// Every route needs integrations.manage (admin, integracoes); create, edit, rotate and revoke are
// audited. A key is answered whole only by create and rotate.

const tags = ['admin'];
const secured = { security: [{ bearer: [] }] };
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };
const writeErrors = { ...errors, 409: errorResponseSchema };
/** After a committed change of a client or its keys: this process reads every key again (client-auth.ts's cache; other processes within KEY_CACHE_TTL_MS). */
const forgettingKeys = <T>(answer: T): T => {
  forgetIntegrationKeys();
  return answer;
};

export const integrationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { prisma } = app.ctx;
  const manage = app.requirePermission('integrations.manage');
  const actor = (r: { staff: { id: string }; id: string }) => ({ staffId: r.staff.id, requestId: r.id });

  app.get(
    '/admin/integracoes',
    {
      onRequest: [manage],
      schema: { tags, summary: 'Integrações da loja (clientes da API): permissões, limite, último uso e chaves que funcionam', ...secured, querystring: integrationListQuerySchema, response: { 200: integrationListSchema, ...errors } },
    },
    async (request) => listIntegrations(prisma, request.query),
  );

  app.post(
    '/admin/integracoes',
    {
      onRequest: [manage],
      schema: {
        tags,
        summary: 'Cria uma integração e a primeira chave, que só aparece nesta resposta (auditado, sem a chave)',
        ...secured,
        body: integrationCreateSchema,
        response: { 201: integrationNewKeySchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await createIntegration(prisma, request.body, actor(request))),
  );

  app.get(
    '/admin/integracoes/:id',
    {
      onRequest: [manage],
      schema: { tags, summary: 'Uma integração: chaves (só a parte pública) e os últimos 50 pedidos recebidos dela', ...secured, params: integrationParamsSchema, response: { 200: integrationDetailSchema, ...errors } },
    },
    async (request) => getIntegration(prisma, request.params.id),
  );

  app.patch(
    '/admin/integracoes/:id',
    {
      onRequest: [manage],
      schema: { tags, summary: 'Altera nome, permissões ou limite por minuto (auditado)', ...secured, params: integrationParamsSchema, body: integrationUpdateSchema, response: { 200: integrationDetailSchema, ...writeErrors } },
    },
    async (request) => forgettingKeys(await updateIntegration(prisma, request.params.id, request.body, actor(request))),
  );

  app.post(
    '/admin/integracoes/:id/rotacionar',
    {
      onRequest: [manage],
      schema: {
        tags,
        summary: 'Cria uma chave nova (só aparece nesta resposta); as que funcionam agora valem mais janelaHoras (padrão 24, de 1 a 168) e param (auditado)',
        ...secured,
        params: integrationParamsSchema,
        body: integrationRotateSchema,
        response: { 201: integrationNewKeySchema, ...writeErrors },
      },
    },
    async (request, reply) => reply.status(201).send(forgettingKeys(await rotateKey(prisma, request.params.id, request.body?.janelaHoras, actor(request)))),
  );

  app.post(
    '/admin/integracoes/:id/chaves/:chaveId/revogar',
    {
      onRequest: [manage],
      schema: { tags, summary: 'Revoga uma chave: ela para na hora (auditado)', ...secured, params: integrationKeyParamsSchema, response: { 200: integrationDetailSchema, ...errors } },
    },
    async (request) => forgettingKeys(await revokeKey(prisma, request.params.id, request.params.chaveId, actor(request))),
  );

  app.post(
    '/admin/integracoes/:id/revogar',
    {
      onRequest: [manage],
      schema: { tags, summary: 'Revoga a integração: ela e todas as suas chaves param na hora, de vez (auditado)', ...secured, params: integrationParamsSchema, response: { 200: integrationDetailSchema, ...errors } },
    },
    async (request) => forgettingKeys(await revokeIntegration(prisma, request.params.id, actor(request))),
  );
};
