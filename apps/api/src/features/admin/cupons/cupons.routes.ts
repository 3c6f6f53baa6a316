import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@legiao/contracts';
import {
  CUPONS_MSG,
  cupomAlertaInputSchema,
  cupomBeneficioDetalheSchema,
  cupomBeneficioParamsSchema,
  cupomBeneficioSchema,
  cupomBeneficiosResponseSchema,
  cupomImportacaoParamsSchema,
  cupomImportacaoQuerySchema,
  cupomImportacaoSchema,
} from '@legiao/contracts/admin/cupons';
import { badRequest } from '../../../errors/app-error.js';
import { cancelImport, confirmImport, getImport, listImports, stageImport, stopImports } from './cupons-import.service.js';
import { getStock, listStock, setLowStock } from './cupons-stock.service.js';

// Code pools in the back office (docs/decisions/0028-code-pools-and-images.md). Reads need
// content.read, writes content.write; each write is audited in its own transaction.

const tags = ['admin'];
const secured = { security: [{ bearer: [] }] };
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };

export const cuponsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { prisma, config } = app.ctx;
  const max = config.uploads.couponMaxBytes;
  // Multipart only for these routes; the file is read as a stream (never buffered whole).
  await app.register(multipart, { limits: { files: 1, fields: 0, parts: 2, fileSize: max + 1 } });
  const read = app.requirePermission('content.read');
  const write = app.requirePermission('content.write');
  const actor = (r: { staff: { id: string }; id: string }) => ({ id: r.staff.id, requestId: r.id });
  // A confirmation in progress stops between batches when the API stops (resumed by confirming again).
  app.addHook('onClose', () => stopImports());

  app.get(
    '/admin/cupons',
    { onRequest: [read], schema: { tags, summary: 'Estoque dos benefícios com lista de códigos: livres, resgatados, usados, alerta de estoque baixo', ...secured, response: { 200: cupomBeneficiosResponseSchema, ...errors } } },
    async () => listStock(prisma),
  );

  app.get(
    '/admin/cupons/beneficios/:id',
    { onRequest: [read], schema: { tags, summary: 'Estoque de um benefício por dia e as importações recentes', ...secured, params: cupomBeneficioParamsSchema, response: { 200: cupomBeneficioDetalheSchema, ...errors } } },
    async (request) => ({ ...(await getStock(prisma, request.params.id)), importacoes: await listImports(prisma, request.params.id) }),
  );

  app.put(
    '/admin/cupons/beneficios/:id/alerta',
    {
      onRequest: [write],
      schema: { tags, summary: 'Define o limite de estoque baixo de um benefício (auditado)', ...secured, params: cupomBeneficioParamsSchema, body: cupomAlertaInputSchema, response: { 200: cupomBeneficioSchema, ...errors } },
    },
    async (request) => setLowStock(prisma, request.params.id, request.body.minimo, actor(request)),
  );

  app.post(
    '/admin/cupons/beneficios/:id/importacoes',
    {
      onRequest: [write],
      schema: {
        tags,
        summary: 'Envia um arquivo CSV/TXT de códigos (multipart, campo arquivo): fica preparado e analisado, sem entrar no estoque até a confirmação',
        ...secured,
        consumes: ['multipart/form-data'],
        params: cupomBeneficioParamsSchema,
        querystring: cupomImportacaoQuerySchema,
        response: { 201: cupomImportacaoSchema, ...errors, 413: errorResponseSchema },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw badRequest(CUPONS_MSG.arquivoObrigatorio, 'ARQUIVO_OBRIGATORIO');
      const part = await request.file();
      if (!part) throw badRequest(CUPONS_MSG.arquivoObrigatorio, 'ARQUIVO_OBRIGATORIO');
      const imp = await stageImport(prisma, { benefitId: request.params.id, optionId: request.query.opcao, fileName: part.filename, file: part.file, maxBytes: max }, actor(request));
      return reply.status(201).send(imp);
    },
  );

  app.get(
    '/admin/cupons/importacoes/:id',
    { onRequest: [read], schema: { tags, summary: 'Uma importação: análise e progresso', ...secured, params: cupomImportacaoParamsSchema, response: { 200: cupomImportacaoSchema, ...errors } } },
    async (request) => getImport(prisma, request.params.id),
  );

  app.post(
    '/admin/cupons/importacoes/:id/confirmar',
    {
      onRequest: [write],
      schema: { tags, summary: 'Confirma uma importação analisada: os códigos novos entram no estoque em segundo plano (auditado)', ...secured, params: cupomImportacaoParamsSchema, response: { 202: cupomImportacaoSchema, ...errors, 409: errorResponseSchema } },
    },
    async (request, reply) => {
      const imp = await confirmImport(prisma, request.params.id, actor(request), (err) => request.log.error({ err }, 'importação de cupons falhou'));
      return reply.status(202).send(imp);
    },
  );

  app.post(
    '/admin/cupons/importacoes/:id/cancelar',
    {
      onRequest: [write],
      schema: { tags, summary: 'Descarta uma importação não confirmada (auditado)', ...secured, params: cupomImportacaoParamsSchema, response: { 200: cupomImportacaoSchema, ...errors, 409: errorResponseSchema } },
    },
    async (request) => cancelImport(prisma, request.params.id, actor(request)),
  );
};
