import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema, myDataSchema } from '@legiao/contracts';
import { actionAnswerSchema, anonymisationInputSchema, blockInputSchema, profileCorrectionSchema, linkLoginInputSchema, linkLoginAnswerSchema, memberIdParamsSchema } from '@legiao/contracts/admin/membros';
import { anonymise, block, correctProfile, unblock, exportData, linkLogin, resendActivation, revokeSessions } from './actions.service.js';

// Support actions on one member (issue 17 item 3; ADR 0031): members.write, each audited.

const tags = ['admin'];
const secured = { security: [{ bearer: [] }] };
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema };
const params = memberIdParamsSchema;

export const actionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const write = app.requirePermission('members.write');
  const actor = (r: { staff: { id: string }; id: string }) => ({ staffId: r.staff.id, requestId: r.id });
  const answer = { 200: actionAnswerSchema, ...errors };

  app.post('/admin/membros/:id/bloquear', { onRequest: write, schema: { tags, ...secured, summary: 'Bloqueia: encerra as sessões e recusa todo login, dizendo o motivo ao membro', params, body: blockInputSchema, response: answer } }, async (request) =>
    block(app, request.params.id, request.body.motivo, actor(request)),
  );
  app.post('/admin/membros/:id/desbloquear', { onRequest: write, schema: { tags, ...secured, summary: 'Desbloqueia', params, response: answer } }, async (request) => unblock(app, request.params.id, actor(request)));
  app.post('/admin/membros/:id/revogar-sessoes', { onRequest: write, schema: { tags, ...secured, summary: 'Encerra todas as sessões do membro', params, response: answer } }, async (request) =>
    revokeSessions(app, request.params.id, actor(request)),
  );
  app.post('/admin/membros/:id/reenviar-ativacao', { onRequest: write, schema: { tags, ...secured, summary: 'Reenvia o e-mail de ativação (conta ainda não ativada)', params, response: answer } }, async (request) =>
    resendActivation(app, request.params.id, actor(request)),
  );
  app.post(
    '/admin/membros/:id/link-login',
    { onRequest: write, schema: { tags, ...secured, summary: 'Gera um link de login de uso único, ligado ao celular do membro, para enviar na conversa', params, body: linkLoginInputSchema, response: { 200: linkLoginAnswerSchema, ...errors } } },
    async (request) => linkLogin(app, request.params.id, request.body.validadeMinutos, actor(request)),
  );
  app.patch('/admin/membros/:id/perfil', { onRequest: write, schema: { tags, ...secured, summary: 'Corrige campos do perfil (as mesmas regras do formulário do membro)', params, body: profileCorrectionSchema, response: answer } }, async (request) =>
    correctProfile(app, request.params.id, request.body, actor(request)),
  );
  app.get(
    '/admin/membros/:id/exportar',
    { onRequest: write, schema: { tags, ...secured, summary: 'Os dados do membro (LGPD), o mesmo documento que ele baixa; a leitura fica na auditoria', params, response: { 200: myDataSchema, ...errors } } },
    async (request, reply) => {
      const data = await exportData(app, request.params.id, actor(request));
      return reply.header('content-disposition', `attachment; filename="dados-membro-${request.params.id}.json"`).header('cache-control', 'no-store').send(data);
    },
  );
  app.post('/admin/membros/:id/anonimizar', { onRequest: write, schema: { tags, ...secured, summary: 'Anonimiza a conta a pedido do membro (LGPD), como a exclusão feita por ele', params, body: anonymisationInputSchema, response: answer } }, async (request) =>
    anonymise(app, request.params.id, request.body.referencia, actor(request)),
  );
};
