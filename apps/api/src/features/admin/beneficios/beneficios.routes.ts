import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@legiao/contracts';
import {
  benefitAdminIdParamsSchema,
  benefitAdminSchema,
  benefitFormSchema,
  benefitListQuerySchema,
  benefitListSchema,
  benefitPreviewBodySchema,
  benefitPreviewSchema,
} from '@legiao/contracts/admin/beneficios';
import { createBenefit, duplicateBenefit, getBenefit, listBenefits, setActive, updateBenefit } from './beneficios.service.js';
import { previewBenefit } from './preview.service.js';

const tags = ['admin'];
const secured = { security: [{ bearer: [] }] };
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };
const withNotFound = { ...errors, 404: errorResponseSchema, 409: errorResponseSchema };

/** Benefits (issue 16 item 1): everyone on the staff reads; admin and marketing write (content.write). */
export const benefitsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { prisma } = app.ctx;
  const read = { onRequest: [app.requirePermission('content.read')] };
  const write = { onRequest: [app.requirePermission('content.write')] };

  app.get(
    '/admin/beneficios',
    { ...read, schema: { tags, summary: 'Benefícios com a situação e o estado que o membro vê (busca, situação, ordem, páginas)', ...secured, querystring: benefitListQuerySchema, response: { 200: benefitListSchema, ...errors } } },
    async (request) => listBenefits(prisma, request.query),
  );

  app.get(
    '/admin/beneficios/:id',
    { ...read, schema: { tags, summary: 'Um benefício para editar', ...secured, params: benefitAdminIdParamsSchema, response: { 200: benefitAdminSchema, ...withNotFound } } },
    async (request) => getBenefit(prisma, request.params.id),
  );

  app.post(
    '/admin/beneficios/previa',
    {
      ...read,
      schema: { tags, summary: 'O card como um membro escolhido (tipo, cidade, saldo, resgates) o veria, para o formulário como está', ...secured, body: benefitPreviewBodySchema, response: { 200: benefitPreviewSchema, ...errors } },
    },
    async (request) => previewBenefit(prisma, request.body),
  );

  app.post(
    '/admin/beneficios',
    { ...write, schema: { tags, summary: 'Cria um benefício (auditado)', ...secured, body: benefitFormSchema, response: { 201: benefitAdminSchema, ...withNotFound } } },
    async (request, reply) => reply.status(201).send(await createBenefit(prisma, request.body, { id: request.staff.id, requestId: request.id })),
  );

  app.put(
    '/admin/beneficios/:id',
    { ...write, schema: { tags, summary: 'Edita um benefício e seus dias (auditado; vale na hora para os membros)', ...secured, params: benefitAdminIdParamsSchema, body: benefitFormSchema, response: { 200: benefitAdminSchema, ...withNotFound } } },
    async (request) => updateBenefit(prisma, request.params.id, request.body, { id: request.staff.id, requestId: request.id }),
  );

  app.post(
    '/admin/beneficios/:id/duplicar',
    { ...write, schema: { tags, summary: 'Duplica um benefício (a cópia nasce arquivada)', ...secured, params: benefitAdminIdParamsSchema, response: { 201: benefitAdminSchema, ...withNotFound } } },
    async (request, reply) => reply.status(201).send(await duplicateBenefit(prisma, request.params.id, { id: request.staff.id, requestId: request.id })),
  );

  app.post(
    '/admin/beneficios/:id/arquivar',
    { ...write, schema: { tags, summary: 'Arquiva: some para os membros; resgates e cupons ficam', ...secured, params: benefitAdminIdParamsSchema, response: { 200: benefitAdminSchema, ...withNotFound } } },
    async (request) => setActive(prisma, request.params.id, false, { id: request.staff.id, requestId: request.id }),
  );

  app.post(
    '/admin/beneficios/:id/reativar',
    { ...write, schema: { tags, summary: 'Publica de novo um benefício arquivado', ...secured, params: benefitAdminIdParamsSchema, response: { 200: benefitAdminSchema, ...withNotFound } } },
    async (request) => setActive(prisma, request.params.id, true, { id: request.staff.id, requestId: request.id }),
  );
};
