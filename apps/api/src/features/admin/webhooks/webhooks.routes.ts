import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '@legiao/contracts';
import {
  webhookCatalogueSchema,
  webhookCreateSchema,
  webhookDeliveryListSchema,
  webhookDeliveryParamsSchema,
  webhookDeliveryQuerySchema,
  webhookDeliverySchema,
  webhookEndpointListSchema,
  webhookEndpointSchema,
  webhookNewSecretSchema,
  webhookParamsSchema,
  webhookReplayResultSchema,
  webhookReplaySchema,
  webhookUpdateSchema,
} from '@legiao/contracts/admin/webhooks';
import { catalogue } from './catalogue.js';
import { listDeliveries, replayFailed, retryDelivery } from './deliveries.service.js';
import { createEndpoint, deleteEndpoint, getEndpoint, listEndpoints, rotateSecret, sendTest, updateEndpoint } from './endpoints.service.js';

// Integrações › Webhooks (issue 25; docs/decisions/0042-webhooks.md). Every route needs
// integrations.manage (admin, integracoes); every write is audited, never with a secret.

const tags = ['admin'];
const secured = { security: [{ bearer: [] }] };
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };
const writeErrors = { ...errors, 409: errorResponseSchema };
const base = '/admin/integracoes/webhooks';

export const webhooksRoutes: FastifyPluginAsyncZod = async (app) => {
  const { prisma, config } = app.ctx;
  const manage = app.requirePermission('integrations.manage');
  const actor = (r: { staff: { id: string }; id: string }) => ({ staffId: r.staff.id, requestId: r.id });
  const kick = () => app.webhooks.kick();
  const allowPrivate = config.webhooks.allowPrivate;

  app.get(
    `${base}/eventos`,
    { onRequest: [manage], schema: { tags, summary: 'Catálogo dos eventos: quando cada um acontece, o esquema (JSON Schema) e um exemplo do payload', ...secured, response: { 200: webhookCatalogueSchema, ...errors } } },
    async () => catalogue(),
  );

  app.get(
    base,
    { onRequest: [manage], schema: { tags, summary: 'Endpoints de webhook, com as contagens de entregas', ...secured, response: { 200: webhookEndpointListSchema, ...errors } } },
    async () => listEndpoints(prisma),
  );

  app.post(
    base,
    {
      onRequest: [manage],
      schema: { tags, summary: 'Cria um endpoint (incluirMembro: eventos com os dados do membro, lidos na entrega); o segredo de assinatura (whsec_) só aparece nesta resposta (auditado, sem o segredo)', ...secured, body: webhookCreateSchema, response: { 201: webhookNewSecretSchema, ...errors } },
    },
    async (request, reply) => reply.status(201).send(await createEndpoint(prisma, request.body, actor(request), allowPrivate)),
  );

  app.get(
    `${base}/:id`,
    { onRequest: [manage], schema: { tags, summary: 'Um endpoint', ...secured, params: webhookParamsSchema, response: { 200: webhookEndpointSchema, ...errors } } },
    async (request) => getEndpoint(prisma, request.params.id),
  );

  app.patch(
    `${base}/:id`,
    {
      onRequest: [manage],
      schema: { tags, summary: 'Altera URL, descrição, tipos ou incluirMembro; pausado: true pausa, false retoma e envia o que esperava (auditado)', ...secured, params: webhookParamsSchema, body: webhookUpdateSchema, response: { 200: webhookEndpointSchema, ...writeErrors } },
    },
    async (request) => updateEndpoint(prisma, request.params.id, request.body, actor(request), allowPrivate, kick),
  );

  app.delete(
    `${base}/:id`,
    { onRequest: [manage], schema: { tags, summary: 'Exclui o endpoint e o registro das suas entregas (auditado)', ...secured, params: webhookParamsSchema, response: { 204: z.null().describe('Excluído'), ...errors } } },
    async (request, reply) => {
      await deleteEndpoint(prisma, request.params.id, actor(request));
      return reply.status(204).send(null);
    },
  );

  app.post(
    `${base}/:id/teste`,
    { onRequest: [manage], schema: { tags, summary: 'Envia um evento webhook.teste a este endpoint (auditado)', ...secured, params: webhookParamsSchema, response: { 202: webhookDeliverySchema, ...errors } } },
    async (request, reply) => reply.status(202).send(await sendTest(prisma, request.params.id, actor(request), kick)),
  );

  app.post(
    `${base}/:id/segredo`,
    {
      onRequest: [manage],
      schema: { tags, summary: 'Gera um segredo novo (só aparece nesta resposta); o anterior continua assinando junto por 24 horas (auditado)', ...secured, params: webhookParamsSchema, response: { 201: webhookNewSecretSchema, ...errors } },
    },
    async (request, reply) => reply.status(201).send(await rotateSecret(prisma, request.params.id, actor(request))),
  );

  app.get(
    `${base}/:id/entregas`,
    {
      onRequest: [manage],
      schema: { tags, summary: 'Entregas do endpoint: status, tentativas, próxima tentativa, código e o primeiro KB da resposta; filtros por tipo, status e data', ...secured, params: webhookParamsSchema, querystring: webhookDeliveryQuerySchema, response: { 200: webhookDeliveryListSchema, ...errors } },
    },
    async (request) => listDeliveries(prisma, request.params.id, request.query),
  );

  app.post(
    `${base}/:id/entregas/reenviar`,
    {
      onRequest: [manage],
      schema: { tags, summary: 'Reenvia todas as entregas que falharam desde uma data (auditado)', ...secured, params: webhookParamsSchema, body: webhookReplaySchema, response: { 202: webhookReplayResultSchema, ...errors } },
    },
    async (request, reply) => reply.status(202).send(await replayFailed(prisma, request.params.id, request.body.desde, actor(request), kick)),
  );

  app.post(
    `${base}/:id/entregas/:entregaId/reenviar`,
    {
      onRequest: [manage],
      schema: { tags, summary: 'Reenvia uma entrega (falhou ou entregue), com o mesmo webhook-id (auditado)', ...secured, params: webhookDeliveryParamsSchema, response: { 202: webhookDeliverySchema, ...writeErrors } },
    },
    async (request, reply) => reply.status(202).send(await retryDelivery(prisma, request.params.id, request.params.entregaId, actor(request), kick)),
  );
};
