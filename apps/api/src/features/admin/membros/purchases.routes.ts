import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@legiao/contracts';
import { actionAnswerSchema, memberIdParamsSchema, purchaseInputSchema } from '@legiao/contracts/admin/membros';
import { registerPurchase } from './purchases.service.js';

// A verified purchase registered by staff (docs/decisions/0041-store-integration.md): members.write, audited.

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema };

export const purchasesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/admin/membros/:id/compras',
    {
      onRequest: app.requirePermission('members.write'),
      schema: {
        tags: ['admin'],
        security: [{ bearer: [] }],
        summary: 'Registra uma compra verificada (origem equipe): números da Legião, pontos e a indicação que ela confirma',
        params: memberIdParamsSchema,
        body: purchaseInputSchema,
        response: { 201: actionAnswerSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await registerPurchase(app, request.params.id, request.body, { staffId: request.staff.id, requestId: request.id })),
  );
};
