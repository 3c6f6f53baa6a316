import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { z } from 'zod';
import { errorResponseSchema } from '@legiao/contracts';
import {
  phaseInputSchema,
  linksPageSchema,
  linksQuerySchema,
  newCampaignInputSchema,
  questionEditInputSchema,
  questionIdParamsSchema,
  questionsAdminSchema,
  surveyIdParamsSchema,
  surveySummarySchema,
  surveysListSchema,
  answersPageSchema,
  answersQuerySchema,
} from '@legiao/contracts/admin/pesquisas';
import { poolOf } from '../../../db/prisma.js';
import { recordAudit } from '../audit/audit.service.js';
import { createCampaign, editQuestion, listLinks, listQuestions, listSurveys, listAnswers, changePhase, pesquisaOu404, sqlAnswersCsv } from './pesquisas.service.js';

// /api/admin/pesquisas (issue 16 item 7; ADR 0029). Reads: content.read (answers name members by first
// name only); the members' personal links and every write: content.write; writes audited.

const tags = ['admin'];
const secured = { security: [{ bearer: [] }] };
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };

export const surveysRoutes: FastifyPluginAsyncZod = async (app) => {
  const { prisma, config } = app.ctx;
  const read = app.requirePermission('content.read');
  const write = app.requirePermission('content.write');
  const summary = async (id: number) => (await listSurveys(prisma)).find((p) => p.id === id)!;

  app.get('/admin/pesquisas', { onRequest: read, schema: { tags, ...secured, summary: 'Pesquisas (personalização e campanhas de satisfação) com participações', response: { 200: surveysListSchema, ...errors } } }, async () =>
    listSurveys(prisma),
  );

  app.post(
    '/admin/pesquisas',
    {
      onRequest: write,
      schema: { tags, ...secured, summary: 'Nova campanha de satisfação (cópia das perguntas da atual; passa a ser a atual)', body: newCampaignInputSchema, response: { 201: surveySummarySchema, ...errors } },
    },
    async (request, reply) => {
      const newOne = await prisma.$transaction(async (tx) => {
        const p = await createCampaign(tx, request.body);
        await recordAudit(tx, { actorId: request.staff.id, action: 'pesquisa.criar', entity: 'pesquisa', entityId: p.id, before: null, after: p, requestId: request.id });
        return p;
      });
      return reply.status(201).send(await summary(newOne.id));
    },
  );

  app.put(
    '/admin/pesquisas/:id/fase',
    { onRequest: write, schema: { tags, ...secured, summary: 'Abre ou encerra a fase de uma pesquisa de satisfação', params: surveyIdParamsSchema, body: phaseInputSchema, response: { 200: surveySummarySchema, 404: errorResponseSchema, ...errors } } },
    async (request) => {
      await prisma.$transaction(async (tx) => {
        const r = await changePhase(tx, request.params.id, request.body, new Date());
        await recordAudit(tx, { actorId: request.staff.id, action: request.body.aberta ? 'pesquisa.abrir' : 'pesquisa.encerrar', entity: 'pesquisa', entityId: r.depois.id, before: r.antes, after: r.depois, requestId: request.id });
      });
      return summary(request.params.id);
    },
  );

  app.get(
    '/admin/pesquisas/:id/perguntas',
    { onRequest: read, schema: { tags, ...secured, summary: 'Perguntas e opções de uma pesquisa', params: surveyIdParamsSchema, response: { 200: questionsAdminSchema, 404: errorResponseSchema, ...errors } } },
    async (request) => listQuestions(prisma, request.params.id),
  );

  app.put(
    '/admin/pesquisas/perguntas/:id',
    {
      onRequest: write,
      schema: { tags, ...secured, summary: 'Muda os textos de uma pergunta e das suas opções (e o perfil de cada opção)', params: questionIdParamsSchema, body: questionEditInputSchema, response: { 200: questionsAdminSchema, 404: errorResponseSchema, ...errors } },
    },
    async (request) => {
      const surveyId = await prisma.$transaction(async (tx) => {
        const r = await editQuestion(tx, request.params.id, request.body);
        await recordAudit(tx, { actorId: request.staff.id, action: 'pesquisa.pergunta.editar', entity: 'pesquisa_pergunta', entityId: r.depois.id, before: r.antes, after: r.depois, requestId: request.id });
        return r.depois.pesquisaId;
      });
      return listQuestions(prisma, surveyId);
    },
  );

  app.get(
    '/admin/pesquisas/:id/links',
    {
      onRequest: write,
      schema: { tags, ...secured, summary: 'Links pessoais dos membros para a pesquisa de satisfação, com a situação de cada um', params: surveyIdParamsSchema, querystring: linksQuerySchema, response: { 200: linksPageSchema, 404: errorResponseSchema, ...errors } },
    },
    async (request) => listLinks(prisma, request.params.id, request.query, config.publicUrl),
  );

  app.get(
    '/admin/pesquisas/:id/respostas',
    { onRequest: read, schema: { tags, ...secured, summary: 'Respostas por participação (paginadas)', params: surveyIdParamsSchema, querystring: answersQuerySchema, response: { 200: answersPageSchema, 404: errorResponseSchema, ...errors } } },
    async (request) => listAnswers(prisma, request.params.id, request.query),
  );

  app.get(
    '/admin/pesquisas/:id/respostas.csv',
    {
      onRequest: read,
      schema: {
        tags,
        ...secured,
        summary: 'Todas as respostas em CSV (uma linha por resposta), enviado aos poucos',
        params: surveyIdParamsSchema,
        response: { 200: z.string().describe('text/csv'), 404: errorResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const p = await pesquisaOu404(prisma, request.params.id);
      // COPY TO STDOUT piped to the answer: memory stays flat whatever the size. On a connection of
      // its own, not the pool's: a slow download must not hold a connection members' requests need.
      const client = new pg.Client({ connectionString: poolOf(prisma).options.connectionString });
      // The database going away mid-export must end this download, not the process (ADR 0038): the
      // stream's own 'error' below says so; without a listener the client's would be uncaught.
      client.on('error', () => {});
      await client.connect();
      let released = false;
      const release = (err?: Error) => {
        if (released) return;
        released = true;
        if (err) request.log.warn({ err }, 'pesquisas: exportação interrompida');
        void client.end().catch(() => {});
      };
      const stream = client.query(copyTo(sqlAnswersCsv(p.id)));
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
