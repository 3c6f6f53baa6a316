import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@legiao/contracts';
import { ajusteIdParamsSchema, ajusteInputSchema, ajusteRespostaSchema, ajustesPageSchema, ajustesQuerySchema, membroIdParamsSchema, recusaInputSchema } from '@legiao/contracts/admin/membros';
import { aprovarAjuste, listarAjustes, recusarAjuste, solicitarAjuste } from './ajustes.service.js';

// Ledger adjustments (issue 17 item 4; ADR 0031): members.write to ask, approve and refuse,
// members.read to list. Each write is audited in its own transaction.

const tags = ['admin'];
const secured = { security: [{ bearer: [] }] };
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };

export const ajustesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { prisma, config } = app.ctx;
  const ler = app.requirePermission('members.read');
  const escrever = app.requirePermission('members.write');
  const limite = config.ledgerAdjustmentApprovalAbove;

  app.get(
    '/admin/membros/ajustes',
    { onRequest: ler, schema: { tags, ...secured, summary: 'Ajustes de saldo (filtro por situação e membro), os mais novos primeiro', querystring: ajustesQuerySchema, response: { 200: ajustesPageSchema, ...errors } } },
    async (request) => ({ ...(await listarAjustes(prisma, request.query)), limiteAprovacao: limite }),
  );

  app.post(
    '/admin/membros/:id/ajustes',
    {
      onRequest: escrever,
      schema: {
        tags,
        ...secured,
        summary: 'Crédito ou débito com motivo e referência: aplicado na hora até o limite; acima dele, fica pendente de aprovação por outra pessoa da equipe',
        params: membroIdParamsSchema,
        body: ajusteInputSchema,
        response: { 201: ajusteRespostaSchema, 404: errorResponseSchema, 409: errorResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const r = await solicitarAjuste(prisma, request.params.id, request.body, limite, { staffId: request.staff.id, requestId: request.id });
      return reply.status(201).send({ ...r, limiteAprovacao: limite });
    },
  );

  app.post(
    '/admin/membros/ajustes/:ajusteId/aprovar',
    { onRequest: escrever, schema: { tags, ...secured, summary: 'Aprova um ajuste pendente (nunca quem o pediu) e lança no extrato', params: ajusteIdParamsSchema, response: { 200: ajusteRespostaSchema, 404: errorResponseSchema, 409: errorResponseSchema, ...errors } } },
    async (request) => ({ ...(await aprovarAjuste(prisma, request.params.ajusteId, { staffId: request.staff.id, requestId: request.id })), limiteAprovacao: limite }),
  );

  app.post(
    '/admin/membros/ajustes/:ajusteId/recusar',
    { onRequest: escrever, schema: { tags, ...secured, summary: 'Recusa um ajuste pendente, com o motivo (nunca quem o pediu)', params: ajusteIdParamsSchema, body: recusaInputSchema, response: { 200: ajusteRespostaSchema, 404: errorResponseSchema, 409: errorResponseSchema, ...errors } } },
    async (request) => ({ ...(await recusarAjuste(prisma, request.params.ajusteId, request.body.motivo, { staffId: request.staff.id, requestId: request.id })), limiteAprovacao: limite }),
  );
};
