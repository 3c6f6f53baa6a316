import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@legiao/contracts';
import {
  adminLaunchListQuerySchema,
  adminLaunchListSchema,
  adminLaunchSchema,
  launchIdParamsSchema,
  launchInputSchema,
  launchPreviewQuerySchema,
  launchPreviewSchema,
  rulePreviewInputSchema,
  rulePreviewSchema,
} from '@legiao/contracts/admin/lancamentos';
import type { LaunchStatus } from '@legiao/contracts/lancamentos';
import { poolOf } from '../../../db/prisma.js';
import { recordAudit } from '../audit/audit.service.js';
import { countEligible } from '../../lancamentos/rule-engine.js';
import { saoPauloIso } from '../../lancamentos/time.js';
import { forgetLaunches } from '../../lancamentos/launch-cache.js';
import { checkRuleCatalogue, createLaunch, editLaunch, getLaunch, listLaunches, previewAsMember, setStatus, toAdmin } from './lancamentos.service.js';

// /api/admin/lancamentos (issue 31 item 1; docs/decisions/0047-launches.md). Launches are marketing
// content: reads need content.read; writes, the rule's count and the preview as a member need
// content.write (admin, marketing). Every write is audited in its transaction (entity
// lancamento_produto, actions lancamento.criar/editar/publicar/arquivar, before and after).

const tags = ['admin'];
const secured = { security: [{ bearer: [] }] };
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };
const ENTITY = 'lancamento_produto';

export const launchesAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { prisma, config } = app.ctx;
  const read = app.requirePermission('content.read');
  const write = app.requirePermission('content.write');
  const context = (now = new Date()) => ({ now, foundersUntil: config.foundersUntil });

  app.get(
    '/admin/lancamentos',
    { onRequest: read, schema: { tags, ...secured, summary: 'Lançamentos (todos, ou de uma situação), os mais recentes primeiro', querystring: adminLaunchListQuerySchema, response: { 200: adminLaunchListSchema, ...errors } } },
    async (request) => listLaunches(prisma, request.query.status),
  );

  app.post(
    '/admin/lancamentos',
    {
      onRequest: write,
      schema: {
        tags,
        ...secured,
        summary: 'Cria um lançamento (rascunho)',
        description: 'Datas em ISO 8601 com fuso (ex.: 2026-12-01T00:00:00-03:00 para a meia-noite em São Paulo); respondidas no horário de São Paulo.',
        body: launchInputSchema,
        response: { 201: adminLaunchSchema, 409: errorResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const created = await prisma.$transaction(async (tx) => {
        const l = await createLaunch(tx, request.body, request.staff.id);
        await recordAudit(tx, { actorId: request.staff.id, action: 'lancamento.criar', entity: ENTITY, entityId: l.id, before: null, after: l, requestId: request.id });
        return l;
      });
      return reply.status(201).send(created);
    },
  );

  app.post(
    '/admin/lancamentos/previa-regra',
    {
      onRequest: write,
      schema: {
        tags,
        ...secured,
        summary: 'Quantos membros uma regra seleciona agora (antes de salvar)',
        description: 'A mesma tradução da regra em SQL que decide cada membro e responde à loja, contada sobre todos os membros de uma vez.',
        body: rulePreviewInputSchema,
        response: { 200: rulePreviewSchema, ...errors },
      },
    },
    async (request) => {
      await checkRuleCatalogue(prisma, request.body.regra);
      const ctx = context();
      return { total: await countEligible(poolOf(prisma), request.body.regra, ctx), em: saoPauloIso(ctx.now) };
    },
  );

  app.get(
    '/admin/lancamentos/:id',
    { onRequest: read, schema: { tags, ...secured, summary: 'Um lançamento', params: launchIdParamsSchema, response: { 200: adminLaunchSchema, 404: errorResponseSchema, ...errors } } },
    async (request) => toAdmin(await getLaunch(prisma, request.params.id)),
  );

  app.put(
    '/admin/lancamentos/:id',
    {
      onRequest: write,
      schema: { tags, ...secured, summary: 'Altera um lançamento (todos os campos; o slug só enquanto rascunho)', params: launchIdParamsSchema, body: launchInputSchema, response: { 200: adminLaunchSchema, 404: errorResponseSchema, 409: errorResponseSchema, ...errors } },
    },
    async (request) => {
      const edited = await prisma.$transaction(async (tx) => {
        const r = await editLaunch(tx, request.params.id, request.body, request.staff.id);
        await recordAudit(tx, { actorId: request.staff.id, action: 'lancamento.editar', entity: ENTITY, entityId: request.params.id, before: r.antes, after: r.depois, requestId: request.id });
        return r.depois;
      });
      // After the commit: the store's checks in this process read the new launch at once (launch-cache.ts).
      forgetLaunches();
      return edited;
    },
  );

  const moves: { path: string; status: LaunchStatus; action: string; summary: string }[] = [
    { path: 'publicar', status: 'publicado', action: 'lancamento.publicar', summary: 'Publica um lançamento: os membros o veem e a loja pode consultá-lo' },
    { path: 'arquivar', status: 'arquivado', action: 'lancamento.arquivar', summary: 'Arquiva um lançamento: some para os membros e para a loja (os acessos ficam guardados)' },
  ];
  for (const m of moves) {
    app.post(
      `/admin/lancamentos/:id/${m.path}`,
      { onRequest: write, schema: { tags, ...secured, summary: m.summary, params: launchIdParamsSchema, response: { 200: adminLaunchSchema, 404: errorResponseSchema, ...errors } } },
      async (request) => {
        const moved = await prisma.$transaction(async (tx) => {
          const r = await setStatus(tx, request.params.id, m.status, request.staff.id);
          if (r.changed) await recordAudit(tx, { actorId: request.staff.id, action: m.action, entity: ENTITY, entityId: request.params.id, before: r.antes, after: r.depois, requestId: request.id });
          return r.depois;
        });
        forgetLaunches();
        return moved;
      },
    );
  }

  app.get(
    '/admin/lancamentos/:id/previa',
    {
      onRequest: write,
      schema: {
        tags,
        ...secured,
        summary: 'O lançamento como um membro o veria (também rascunho), agora ou num momento (em)',
        description: 'membro: id ou e-mail da conta. Nada é gravado: sem código ainda, acesso.codigo vem null (o código nasce na primeira visita do membro durante a janela).',
        params: launchIdParamsSchema,
        querystring: launchPreviewQuerySchema,
        response: { 200: launchPreviewSchema, 404: errorResponseSchema, ...errors },
      },
    },
    async (request) => previewAsMember(prisma, request.params.id, request.query.membro, context(request.query.em ? new Date(request.query.em) : new Date()), config.storeUrl),
  );
};
