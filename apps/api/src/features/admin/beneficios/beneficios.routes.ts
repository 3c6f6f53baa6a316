import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@legiao/contracts';
import {
  beneficioAdminIdParamsSchema,
  beneficioAdminSchema,
  beneficioFormSchema,
  beneficioListQuerySchema,
  beneficioListSchema,
  beneficioPreviaBodySchema,
  beneficioPreviaSchema,
} from '@legiao/contracts/admin/beneficios';
import { createBeneficio, duplicateBeneficio, getBeneficio, listBeneficios, setAtivo, updateBeneficio } from './beneficios.service.js';
import { previewBeneficio } from './previa.service.js';

const tags = ['admin'];
const secured = { security: [{ bearer: [] }] };
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };
const withNotFound = { ...errors, 404: errorResponseSchema, 409: errorResponseSchema };

/** Benefits (issue 16 item 1): everyone on the staff reads; admin and marketing write (content.write). */
export const beneficiosRoutes: FastifyPluginAsyncZod = async (app) => {
  const { prisma } = app.ctx;
  const read = { onRequest: [app.requirePermission('content.read')] };
  const write = { onRequest: [app.requirePermission('content.write')] };

  app.get(
    '/admin/beneficios',
    { ...read, schema: { tags, summary: 'Benefícios com a situação e o estado que o membro vê (busca, situação, ordem, páginas)', ...secured, querystring: beneficioListQuerySchema, response: { 200: beneficioListSchema, ...errors } } },
    async (request) => listBeneficios(prisma, request.query),
  );

  app.get(
    '/admin/beneficios/:id',
    { ...read, schema: { tags, summary: 'Um benefício para editar', ...secured, params: beneficioAdminIdParamsSchema, response: { 200: beneficioAdminSchema, ...withNotFound } } },
    async (request) => getBeneficio(prisma, request.params.id),
  );

  app.post(
    '/admin/beneficios/previa',
    {
      ...read,
      schema: { tags, summary: 'O card como um membro escolhido (tipo, cidade, saldo, resgates) o veria, para o formulário como está', ...secured, body: beneficioPreviaBodySchema, response: { 200: beneficioPreviaSchema, ...errors } },
    },
    async (request) => previewBeneficio(prisma, request.body),
  );

  app.post(
    '/admin/beneficios',
    { ...write, schema: { tags, summary: 'Cria um benefício (auditado)', ...secured, body: beneficioFormSchema, response: { 201: beneficioAdminSchema, ...withNotFound } } },
    async (request, reply) => reply.status(201).send(await createBeneficio(prisma, request.body, { id: request.staff.id, requestId: request.id })),
  );

  app.put(
    '/admin/beneficios/:id',
    { ...write, schema: { tags, summary: 'Edita um benefício e seus dias (auditado; vale na hora para os membros)', ...secured, params: beneficioAdminIdParamsSchema, body: beneficioFormSchema, response: { 200: beneficioAdminSchema, ...withNotFound } } },
    async (request) => updateBeneficio(prisma, request.params.id, request.body, { id: request.staff.id, requestId: request.id }),
  );

  app.post(
    '/admin/beneficios/:id/duplicar',
    { ...write, schema: { tags, summary: 'Duplica um benefício (a cópia nasce arquivada)', ...secured, params: beneficioAdminIdParamsSchema, response: { 201: beneficioAdminSchema, ...withNotFound } } },
    async (request, reply) => reply.status(201).send(await duplicateBeneficio(prisma, request.params.id, { id: request.staff.id, requestId: request.id })),
  );

  app.post(
    '/admin/beneficios/:id/arquivar',
    { ...write, schema: { tags, summary: 'Arquiva: some para os membros; resgates e cupons ficam', ...secured, params: beneficioAdminIdParamsSchema, response: { 200: beneficioAdminSchema, ...withNotFound } } },
    async (request) => setAtivo(prisma, request.params.id, false, { id: request.staff.id, requestId: request.id }),
  );

  app.post(
    '/admin/beneficios/:id/reativar',
    { ...write, schema: { tags, summary: 'Publica de novo um benefício arquivado', ...secured, params: beneficioAdminIdParamsSchema, response: { 200: beneficioAdminSchema, ...withNotFound } } },
    async (request) => setAtivo(prisma, request.params.id, true, { id: request.staff.id, requestId: request.id }),
  );
};
