import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@legiao/contracts';
import { buscaPageSchema, buscaQuerySchema, listaPageSchema, listaParamsSchema, listaQuerySchema, membroDetalheSchema, membroIdParamsSchema } from '@legiao/contracts/admin/membros';
import { poolOf } from '../../../db/prisma.js';
import { buscarMembros } from './busca.service.js';
import { detalheMembro, listaMembro } from './membro.service.js';

// Search and the member page (issue 17 items 1-2; ADR 0031): members.read.

const tags = ['admin'];
const secured = { security: [{ bearer: [] }] };
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };

export const membroRoutes: FastifyPluginAsyncZod = async (app) => {
  const { prisma, config } = app.ctx;
  const ler = app.requirePermission('members.read');

  app.get(
    '/admin/membros',
    { onRequest: ler, schema: { tags, ...secured, summary: 'Busca membros por nome, e-mail, CPF (inteiro ou parte, com ou sem pontuação), número de legião ou código de indicação', querystring: buscaQuerySchema, response: { 200: buscaPageSchema, ...errors } } },
    async (request) => buscarMembros(poolOf(prisma), request.query),
  );

  app.get(
    '/admin/membros/:id',
    { onRequest: ler, schema: { tags, ...secured, summary: 'Tudo sobre um membro que cabe numa página: perfil, consentimentos, estado, produtos, conquistas, pesquisas, saldo', params: membroIdParamsSchema, response: { 200: membroDetalheSchema, 404: errorResponseSchema, ...errors } } },
    async (request) => detalheMembro(prisma, request.params.id, config.ledgerAdjustmentApprovalAbove, config.fundadoresAte),
  );

  app.get(
    '/admin/membros/:id/:lista',
    {
      onRequest: ler,
      schema: {
        tags,
        ...secured,
        summary: 'Listas paginadas do membro, mais novas primeiro: extrato (com saldo após cada lançamento), resgates, indicacoes (feitas), sessoes, emails (saída), auditoria',
        params: listaParamsSchema,
        querystring: listaQuerySchema,
        response: { 200: listaPageSchema, 404: errorResponseSchema, ...errors },
      },
    },
    async (request) => listaMembro(prisma, request.params.id, request.params.lista, request.query),
  );
};
