import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@legiao/contracts';
import { searchPageSchema, searchQuerySchema, listPageSchema, listParamsSchema, listQuerySchema, memberDetailSchema, memberIdParamsSchema } from '@legiao/contracts/admin/membros';
import { poolOf } from '../../../db/prisma.js';
import { searchMembers } from './search.service.js';
import { memberDetail, memberList } from './member.service.js';

// Search and the member page (issue 17 items 1-2; ADR 0031): members.read.

const tags = ['admin'];
const secured = { security: [{ bearer: [] }] };
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };

export const memberRoutes: FastifyPluginAsyncZod = async (app) => {
  const { prisma, config } = app.ctx;
  const read = app.requirePermission('members.read');

  app.get(
    '/admin/membros',
    { onRequest: read, schema: { tags, ...secured, summary: 'Busca membros por nome, e-mail, CPF (inteiro ou parte, com ou sem pontuação), número de legião ou código de indicação', querystring: searchQuerySchema, response: { 200: searchPageSchema, ...errors } } },
    async (request) => searchMembers(poolOf(prisma), request.query),
  );

  app.get(
    '/admin/membros/:id',
    { onRequest: read, schema: { tags, ...secured, summary: 'Tudo sobre um membro que cabe numa página: perfil, consentimentos, estado, produtos, conquistas, pesquisas, saldo', params: memberIdParamsSchema, response: { 200: memberDetailSchema, 404: errorResponseSchema, ...errors } } },
    async (request) => memberDetail(prisma, request.params.id, config.ledgerAdjustmentApprovalAbove, config.foundersUntil),
  );

  app.get(
    '/admin/membros/:id/:lista',
    {
      onRequest: read,
      schema: {
        tags,
        ...secured,
        summary: 'Listas paginadas do membro, mais novas primeiro: extrato (com saldo após cada lançamento), resgates, indicacoes (feitas), sessoes, emails (saída), auditoria',
        params: listParamsSchema,
        querystring: listQuerySchema,
        response: { 200: listPageSchema, 404: errorResponseSchema, ...errors },
      },
    },
    async (request) => memberList(prisma, request.params.id, request.params.lista, request.query),
  );
};
