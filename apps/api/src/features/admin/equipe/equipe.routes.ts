import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema, permissionsOf } from '@legiao/contracts';
import { staffListQuerySchema, staffListSchema, staffMeSchema, staffMemberSchema, staffRolesBodySchema } from '@legiao/contracts/admin/equipe';
import { listStaff, setStaffRoles } from './equipe.service.js';

const tags = ['admin'];
const secured = { security: [{ bearer: [] }] };
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };

export const equipeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/eu',
    {
      onRequest: [app.requireStaff],
      schema: { tags, summary: 'Quem está usando o back office: papéis e permissões (só equipe)', ...secured, response: { 200: staffMeSchema, ...errors } },
    },
    async (request) => {
      const { id, nome: name, email, roles } = request.staff;
      return { id, nome: name, email, papeis: roles, permissoes: permissionsOf(roles) };
    },
  );

  app.get(
    '/admin/equipe',
    {
      onRequest: [app.requirePermission('staff.manage')],
      schema: { tags, summary: 'Pessoas com papéis no back office (busca por nome/e-mail, filtro por papel)', ...secured, querystring: staffListQuerySchema, response: { 200: staffListSchema, ...errors } },
    },
    async (request) => listStaff(app.ctx.prisma, request.query),
  );

  app.put(
    '/admin/equipe/papeis',
    {
      onRequest: [app.requirePermission('staff.manage')],
      schema: {
        tags,
        summary: 'Define os papéis de uma conta (lista vazia retira todos); auditado; ninguém muda os próprios',
        ...secured,
        body: staffRolesBodySchema,
        response: { 200: staffMemberSchema, ...errors, 404: errorResponseSchema },
      },
    },
    async (request) => {
      const { member } = await setStaffRoles(app.ctx.prisma, { ...request.body, actorId: request.staff.id, requestId: request.id });
      return member;
    },
  );
};
