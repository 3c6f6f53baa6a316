import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema, meusDadosSchema } from '@legiao/contracts';
import { acaoRespostaSchema, anonimizacaoInputSchema, bloqueioInputSchema, correcaoPerfilSchema, linkLoginInputSchema, linkLoginRespostaSchema, membroIdParamsSchema } from '@legiao/contracts/admin/membros';
import { anonimizar, bloquear, corrigirPerfil, desbloquear, exportar, linkLogin, reenviarAtivacao, revogarSessoes } from './acoes.service.js';

// Support actions on one member (issue 17 item 3; ADR 0031): members.write, each audited.

const tags = ['admin'];
const secured = { security: [{ bearer: [] }] };
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema };
const params = membroIdParamsSchema;

export const acoesRoutes: FastifyPluginAsyncZod = async (app) => {
  const escrever = app.requirePermission('members.write');
  const actor = (r: { staff: { id: string }; id: string }) => ({ staffId: r.staff.id, requestId: r.id });
  const resposta = { 200: acaoRespostaSchema, ...errors };

  app.post('/admin/membros/:id/bloquear', { onRequest: escrever, schema: { tags, ...secured, summary: 'Bloqueia: encerra as sessões e recusa todo login, dizendo o motivo ao membro', params, body: bloqueioInputSchema, response: resposta } }, async (request) =>
    bloquear(app, request.params.id, request.body.motivo, actor(request)),
  );
  app.post('/admin/membros/:id/desbloquear', { onRequest: escrever, schema: { tags, ...secured, summary: 'Desbloqueia', params, response: resposta } }, async (request) => desbloquear(app, request.params.id, actor(request)));
  app.post('/admin/membros/:id/revogar-sessoes', { onRequest: escrever, schema: { tags, ...secured, summary: 'Encerra todas as sessões do membro', params, response: resposta } }, async (request) =>
    revogarSessoes(app, request.params.id, actor(request)),
  );
  app.post('/admin/membros/:id/reenviar-ativacao', { onRequest: escrever, schema: { tags, ...secured, summary: 'Reenvia o e-mail de ativação (conta ainda não ativada)', params, response: resposta } }, async (request) =>
    reenviarAtivacao(app, request.params.id, actor(request)),
  );
  app.post(
    '/admin/membros/:id/link-login',
    { onRequest: escrever, schema: { tags, ...secured, summary: 'Gera um link de login de uso único, ligado ao celular do membro, para enviar na conversa', params, body: linkLoginInputSchema, response: { 200: linkLoginRespostaSchema, ...errors } } },
    async (request) => linkLogin(app, request.params.id, request.body.validadeMinutos, actor(request)),
  );
  app.patch('/admin/membros/:id/perfil', { onRequest: escrever, schema: { tags, ...secured, summary: 'Corrige campos do perfil (as mesmas regras do formulário do membro)', params, body: correcaoPerfilSchema, response: resposta } }, async (request) =>
    corrigirPerfil(app, request.params.id, request.body, actor(request)),
  );
  app.get(
    '/admin/membros/:id/exportar',
    { onRequest: escrever, schema: { tags, ...secured, summary: 'Os dados do membro (LGPD), o mesmo documento que ele baixa; a leitura fica na auditoria', params, response: { 200: meusDadosSchema, ...errors } } },
    async (request, reply) => {
      const dados = await exportar(app, request.params.id, actor(request));
      return reply.header('content-disposition', `attachment; filename="dados-membro-${request.params.id}.json"`).header('cache-control', 'no-store').send(dados);
    },
  );
  app.post('/admin/membros/:id/anonimizar', { onRequest: escrever, schema: { tags, ...secured, summary: 'Anonimiza a conta a pedido do membro (LGPD), como a exclusão feita por ele', params, body: anonimizacaoInputSchema, response: resposta } }, async (request) =>
    anonimizar(app, request.params.id, request.body.referencia, actor(request)),
  );
};
