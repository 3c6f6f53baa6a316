import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@legiao/contracts';
import { adjustmentIdParamsSchema, adjustmentInputSchema, adjustmentAnswerSchema, adjustmentsPageSchema, adjustmentsQuerySchema, memberIdParamsSchema, refusalInputSchema } from '@legiao/contracts/admin/membros';
import { approveAdjustment, listAdjustments, refuseAdjustment, requestAdjustment } from './adjustments.service.js';

// Ledger adjustments (issue 17 item 4; ADR 0031): members.write to ask, approve and refuse,
// members.read to list. Each write is audited in its own transaction.

const tags = ['admin'];
const secured = { security: [{ bearer: [] }] };
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };

export const adjustmentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { prisma, config } = app.ctx;
  const read = app.requirePermission('members.read');
  const write = app.requirePermission('members.write');
  const limit = config.ledgerAdjustmentApprovalAbove;

  app.get(
    '/admin/membros/ajustes',
    { onRequest: read, schema: { tags, ...secured, summary: 'Ajustes de saldo (filtro por situação e membro), os mais novos primeiro', querystring: adjustmentsQuerySchema, response: { 200: adjustmentsPageSchema, ...errors } } },
    async (request) => ({ ...(await listAdjustments(prisma, request.query)), limiteAprovacao: limit }),
  );

  app.post(
    '/admin/membros/:id/ajustes',
    {
      onRequest: write,
      schema: {
        tags,
        ...secured,
        summary: 'Crédito ou débito com motivo e referência: aplicado na hora até o limite; acima dele, fica pendente de aprovação por outra pessoa da equipe',
        params: memberIdParamsSchema,
        body: adjustmentInputSchema,
        response: { 201: adjustmentAnswerSchema, 404: errorResponseSchema, 409: errorResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const r = await requestAdjustment(prisma, request.params.id, request.body, limit, { staffId: request.staff.id, requestId: request.id });
      return reply.status(201).send({ ...r, limiteAprovacao: limit });
    },
  );

  app.post(
    '/admin/membros/ajustes/:ajusteId/aprovar',
    { onRequest: write, schema: { tags, ...secured, summary: 'Aprova um ajuste pendente (nunca quem o pediu) e lança no extrato', params: adjustmentIdParamsSchema, response: { 200: adjustmentAnswerSchema, 404: errorResponseSchema, 409: errorResponseSchema, ...errors } } },
    async (request) => ({ ...(await approveAdjustment(prisma, request.params.ajusteId, { staffId: request.staff.id, requestId: request.id })), limiteAprovacao: limit }),
  );

  app.post(
    '/admin/membros/ajustes/:ajusteId/recusar',
    { onRequest: write, schema: { tags, ...secured, summary: 'Recusa um ajuste pendente, com o motivo (nunca quem o pediu)', params: adjustmentIdParamsSchema, body: refusalInputSchema, response: { 200: adjustmentAnswerSchema, 404: errorResponseSchema, 409: errorResponseSchema, ...errors } } },
    async (request) => ({ ...(await refuseAdjustment(prisma, request.params.ajusteId, request.body.motivo, { staffId: request.staff.id, requestId: request.id })), limiteAprovacao: limit }),
  );
};
