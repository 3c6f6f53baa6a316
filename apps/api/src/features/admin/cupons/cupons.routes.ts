import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@legiao/contracts';
import {
  COUPONS_MSG,
  couponAlertInputSchema,
  benefitCouponDetailSchema,
  benefitCouponParamsSchema,
  benefitCouponSchema,
  benefitCouponsResponseSchema,
  couponImportParamsSchema,
  couponImportQuerySchema,
  couponImportSchema,
} from '@legiao/contracts/admin/cupons';
import { badRequest } from '../../../errors/app-error.js';
import { cancelImport, confirmImport, getImport, listImports, stageImport, stopImports } from './coupons-import.service.js';
import { getStock, listStock, setLowStock } from './coupons-stock.service.js';

// Code pools in the back office (docs/decisions/0028-code-pools-and-images.md). Reads need
// content.read, writes content.write; each write is audited in its own transaction.

const tags = ['admin'];
const secured = { security: [{ bearer: [] }] };
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };

export const couponsRoutes: FastifyPluginAsyncZod = async (app) => {
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
    { onRequest: [read], schema: { tags, summary: 'Estoque dos benefícios com lista de códigos: livres, resgatados, usados, alerta de estoque baixo', ...secured, response: { 200: benefitCouponsResponseSchema, ...errors } } },
    async () => listStock(prisma),
  );

  app.get(
    '/admin/cupons/beneficios/:id',
    { onRequest: [read], schema: { tags, summary: 'Estoque de um benefício por dia e as importações recentes', ...secured, params: benefitCouponParamsSchema, response: { 200: benefitCouponDetailSchema, ...errors } } },
    async (request) => ({ ...(await getStock(prisma, request.params.id)), importacoes: await listImports(prisma, request.params.id) }),
  );

  app.put(
    '/admin/cupons/beneficios/:id/alerta',
    {
      onRequest: [write],
      schema: { tags, summary: 'Define o limite de estoque baixo de um benefício (auditado)', ...secured, params: benefitCouponParamsSchema, body: couponAlertInputSchema, response: { 200: benefitCouponSchema, ...errors } },
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
        params: benefitCouponParamsSchema,
        querystring: couponImportQuerySchema,
        response: { 201: couponImportSchema, ...errors, 413: errorResponseSchema },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw badRequest(COUPONS_MSG.arquivoObrigatorio, 'ARQUIVO_OBRIGATORIO');
      const part = await request.file();
      if (!part) throw badRequest(COUPONS_MSG.arquivoObrigatorio, 'ARQUIVO_OBRIGATORIO');
      const imp = await stageImport(prisma, { benefitId: request.params.id, optionId: request.query.opcao, fileName: part.filename, file: part.file, maxBytes: max }, actor(request));
      return reply.status(201).send(imp);
    },
  );

  app.get(
    '/admin/cupons/importacoes/:id',
    { onRequest: [read], schema: { tags, summary: 'Uma importação: análise e progresso', ...secured, params: couponImportParamsSchema, response: { 200: couponImportSchema, ...errors } } },
    async (request) => getImport(prisma, request.params.id),
  );

  app.post(
    '/admin/cupons/importacoes/:id/confirmar',
    {
      onRequest: [write],
      schema: { tags, summary: 'Confirma uma importação analisada: os códigos novos entram no estoque em segundo plano (auditado)', ...secured, params: couponImportParamsSchema, response: { 202: couponImportSchema, ...errors, 409: errorResponseSchema } },
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
      schema: { tags, summary: 'Descarta uma importação não confirmada (auditado)', ...secured, params: couponImportParamsSchema, response: { 200: couponImportSchema, ...errors, 409: errorResponseSchema } },
    },
    async (request) => cancelImport(prisma, request.params.id, actor(request)),
  );
};
