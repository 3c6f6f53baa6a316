import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { z } from 'zod';
import { errorResponseSchema } from '@legiao/contracts';
import {
  faseInputSchema,
  linksPageSchema,
  linksQuerySchema,
  novaCampanhaInputSchema,
  perguntaEditInputSchema,
  perguntaIdParamsSchema,
  perguntasAdminSchema,
  pesquisaIdParamsSchema,
  pesquisaResumoSchema,
  pesquisasListSchema,
  respostasPageSchema,
  respostasQuerySchema,
} from '@legiao/contracts/admin/pesquisas';
import { poolOf } from '../../../db/prisma.js';
import { recordAudit } from '../audit/audit.service.js';
import { criarCampanha, editarPergunta, listarLinks, listarPerguntas, listarPesquisas, listarRespostas, mudarFase, pesquisaOu404, sqlRespostasCsv } from './pesquisas.service.js';

// /api/admin/pesquisas (issue 16 item 7; ADR 0029). Reads: content.read (answers name members by first
// name only); the members' personal links and every write: content.write; writes audited.

const tags = ['admin'];
const secured = { security: [{ bearer: [] }] };
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };

export const pesquisasRoutes: FastifyPluginAsyncZod = async (app) => {
  const { prisma, config } = app.ctx;
  const ler = app.requirePermission('content.read');
  const escrever = app.requirePermission('content.write');
  const resumo = async (id: number) => (await listarPesquisas(prisma)).find((p) => p.id === id)!;

  app.get('/admin/pesquisas', { onRequest: ler, schema: { tags, ...secured, summary: 'Pesquisas (personalização e campanhas de satisfação) com participações', response: { 200: pesquisasListSchema, ...errors } } }, async () =>
    listarPesquisas(prisma),
  );

  app.post(
    '/admin/pesquisas',
    {
      onRequest: escrever,
      schema: { tags, ...secured, summary: 'Nova campanha de satisfação (cópia das perguntas da atual; passa a ser a atual)', body: novaCampanhaInputSchema, response: { 201: pesquisaResumoSchema, ...errors } },
    },
    async (request, reply) => {
      const nova = await prisma.$transaction(async (tx) => {
        const p = await criarCampanha(tx, request.body);
        await recordAudit(tx, { actorId: request.staff.id, action: 'pesquisa.criar', entity: 'pesquisa', entityId: p.id, before: null, after: p, requestId: request.id });
        return p;
      });
      return reply.status(201).send(await resumo(nova.id));
    },
  );

  app.put(
    '/admin/pesquisas/:id/fase',
    { onRequest: escrever, schema: { tags, ...secured, summary: 'Abre ou encerra a fase de uma pesquisa de satisfação', params: pesquisaIdParamsSchema, body: faseInputSchema, response: { 200: pesquisaResumoSchema, 404: errorResponseSchema, ...errors } } },
    async (request) => {
      await prisma.$transaction(async (tx) => {
        const r = await mudarFase(tx, request.params.id, request.body, new Date());
        await recordAudit(tx, { actorId: request.staff.id, action: request.body.aberta ? 'pesquisa.abrir' : 'pesquisa.encerrar', entity: 'pesquisa', entityId: r.depois.id, before: r.antes, after: r.depois, requestId: request.id });
      });
      return resumo(request.params.id);
    },
  );

  app.get(
    '/admin/pesquisas/:id/perguntas',
    { onRequest: ler, schema: { tags, ...secured, summary: 'Perguntas e opções de uma pesquisa', params: pesquisaIdParamsSchema, response: { 200: perguntasAdminSchema, 404: errorResponseSchema, ...errors } } },
    async (request) => listarPerguntas(prisma, request.params.id),
  );

  app.put(
    '/admin/pesquisas/perguntas/:id',
    {
      onRequest: escrever,
      schema: { tags, ...secured, summary: 'Muda os textos de uma pergunta e das suas opções (e o perfil de cada opção)', params: perguntaIdParamsSchema, body: perguntaEditInputSchema, response: { 200: perguntasAdminSchema, 404: errorResponseSchema, ...errors } },
    },
    async (request) => {
      const pesquisaId = await prisma.$transaction(async (tx) => {
        const r = await editarPergunta(tx, request.params.id, request.body);
        await recordAudit(tx, { actorId: request.staff.id, action: 'pesquisa.pergunta.editar', entity: 'pesquisa_pergunta', entityId: r.depois.id, before: r.antes, after: r.depois, requestId: request.id });
        return r.depois.pesquisaId;
      });
      return listarPerguntas(prisma, pesquisaId);
    },
  );

  app.get(
    '/admin/pesquisas/:id/links',
    {
      onRequest: escrever,
      schema: { tags, ...secured, summary: 'Links pessoais dos membros para a pesquisa de satisfação, com a situação de cada um', params: pesquisaIdParamsSchema, querystring: linksQuerySchema, response: { 200: linksPageSchema, 404: errorResponseSchema, ...errors } },
    },
    async (request) => listarLinks(prisma, request.params.id, request.query, config.publicUrl),
  );

  app.get(
    '/admin/pesquisas/:id/respostas',
    { onRequest: ler, schema: { tags, ...secured, summary: 'Respostas por participação (paginadas)', params: pesquisaIdParamsSchema, querystring: respostasQuerySchema, response: { 200: respostasPageSchema, 404: errorResponseSchema, ...errors } } },
    async (request) => listarRespostas(prisma, request.params.id, request.query),
  );

  app.get(
    '/admin/pesquisas/:id/respostas.csv',
    {
      onRequest: ler,
      schema: {
        tags,
        ...secured,
        summary: 'Todas as respostas em CSV (uma linha por resposta), enviado aos poucos',
        params: pesquisaIdParamsSchema,
        response: { 200: z.string().describe('text/csv'), 404: errorResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const p = await pesquisaOu404(prisma, request.params.id);
      // COPY TO STDOUT piped to the answer: memory stays flat whatever the size. On a connection of
      // its own, not the pool's: a slow download must not hold a connection members' requests need.
      const client = new pg.Client({ connectionString: poolOf(prisma).options.connectionString });
      await client.connect();
      let released = false;
      const release = (err?: Error) => {
        if (released) return;
        released = true;
        if (err) request.log.warn({ err }, 'pesquisas: exportação interrompida');
        void client.end().catch(() => {});
      };
      const stream = client.query(copyTo(sqlRespostasCsv(p.id)));
      stream.on('end', () => release());
      stream.on('error', (err) => release(err));
      reply.raw.on('close', () => {
        if (!stream.readableEnded) stream.destroy();
        release();
      });
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="respostas-${p.chave}.csv"`)
        .header('cache-control', 'no-store');
      // A stream is piped as it is (Fastify never serialises one); the schema documents it for OpenAPI.
      return reply.send(stream as never);
    },
  );
};
