import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@legiao/contracts';
import {
  IMPORTS_MSG,
  importListQuerySchema,
  importListSchema,
  importParamsSchema,
  importSchema,
  importKindQuerySchema,
  mappingSchema,
} from '@legiao/contracts/admin/importacoes';
import { badRequest } from '../../../errors/app-error.js';
import { applyImport, assertExists, getImport, listImports, reportCsv, stageImport, stopApplies } from './importacoes.service.js';

// Imports of the brand's files (docs/decisions/0032-back-office-imports.md): every route needs
// imports.run (operacao, admin); the dry run and the apply are audited.

const tags = ['admin'];
const secured = { security: [{ bearer: [] }] };
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };

export const importsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { prisma, config } = app.ctx;
  const max = config.uploads.couponMaxBytes;
  // Field "mapeamento" (JSON) first, then the file, read as a stream.
  await app.register(multipart, { limits: { files: 1, fields: 1, parts: 2, fieldSize: 8 * 1024, fileSize: max + 1 } });
  const run = app.requirePermission('imports.run');
  const actor = (r: { staff: { id: string }; id: string }) => ({ id: r.staff.id, requestId: r.id });
  app.addHook('onClose', () => stopApplies());

  app.post(
    '/admin/importacoes',
    {
      onRequest: [run],
      schema: {
        tags,
        summary: 'Envia um CSV de compras verificadas ou de uso de cupons (multipart: campo mapeamento em JSON, depois arquivo) e devolve a simulação, sem aplicar nada (auditado)',
        ...secured,
        consumes: ['multipart/form-data'],
        querystring: importKindQuerySchema,
        response: { 201: importSchema, ...errors, 413: errorResponseSchema },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw badRequest(IMPORTS_MSG.arquivoObrigatorio, 'ARQUIVO_OBRIGATORIO');
      const part = await request.file();
      if (!part) throw badRequest(IMPORTS_MSG.arquivoObrigatorio, 'ARQUIVO_OBRIGATORIO');
      let mapping: Record<string, string> | undefined;
      const field = part.fields.mapeamento;
      if (field && !Array.isArray(field) && field.type === 'field') {
        let parsed: unknown;
        try {
          parsed = JSON.parse(String(field.value));
        } catch {
          parsed = null;
        }
        const m = mappingSchema.safeParse(parsed);
        if (!m.success) {
          part.file.resume();
          throw badRequest(IMPORTS_MSG.mapeamentoInvalido, 'MAPEAMENTO_INVALIDO');
        }
        mapping = m.data;
      }
      const imp = await stageImport(prisma, { kind: request.query.tipo, fileName: part.filename, file: part.file, maxBytes: max, mapping }, actor(request));
      return reply.status(201).send(imp);
    },
  );

  app.get(
    '/admin/importacoes',
    { onRequest: [run], schema: { tags, summary: 'Histórico de importações, as mais recentes primeiro', ...secured, querystring: importListQuerySchema, response: { 200: importListSchema, ...errors } } },
    async (request) => listImports(prisma, request.query.tipo, request.query.pagina),
  );

  app.get(
    '/admin/importacoes/:id',
    { onRequest: [run], schema: { tags, summary: 'Uma importação: simulação, progresso e resultado', ...secured, params: importParamsSchema, response: { 200: importSchema, ...errors } } },
    async (request) => getImport(prisma, request.params.id),
  );

  app.get(
    '/admin/importacoes/:id/relatorio.csv',
    { onRequest: [run], schema: { tags, summary: 'Relatório da importação em CSV: cada linha do arquivo com a situação e o motivo', ...secured, params: importParamsSchema } },
    async (request, reply) => {
      const file = await assertExists(prisma, request.params.id);
      const name = `relatorio-${file.replace(/\.[^.]*$/, '').replace(/[^\w.-]+/g, '_').slice(0, 80)}.csv`;
      return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${name}"`).send(reportCsv(prisma, request.params.id));
    },
  );

  app.post(
    '/admin/importacoes/:id/aplicar',
    {
      onRequest: [run],
      schema: { tags, summary: 'Aplica uma importação simulada em segundo plano, em lotes (auditado)', ...secured, params: importParamsSchema, response: { 202: importSchema, ...errors, 409: errorResponseSchema } },
    },
    async (request, reply) => {
      const imp = await applyImport(prisma, request.params.id, actor(request), (err) => request.log.error({ err }, 'importação falhou'));
      return reply.status(202).send(imp);
    },
  );
};
