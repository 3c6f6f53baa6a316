import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@legiao/contracts';
import { dashboardLiveSchema, dashboardQuerySchema, dashboardSchema } from '@legiao/contracts/admin/painel';
import { poolOf } from '../../../db/prisma.js';
import { readState } from '../../fila/waiting-room-admin.routes.js';
import { readLive, readDashboard } from './painel.service.js';
import { errors5xx, DashboardSampler } from './dashboard-sampler.js';

// The launch dashboard (issue 17 items 8-9, docs/decisions/0033-launch-dashboard.md): charts over
// a date range and the live launch view (polled). 'dashboard.read': admin, marketing.

const tags = ['admin'];
const secured = { security: [{ bearer: [] }] };
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const pool = poolOf(app.ctx.prisma);
  const guard = { onRequest: [app.requirePermission('dashboard.read')] };

  const sampler = new DashboardSampler({
    pool,
    readErrors5xx: () => errors5xx(app.metrics.registry),
    readWaitingRoom: () => (app.fila.enabled ? readState(app) : Promise.resolve(null)),
    log: app.log,
  });
  app.addHook('onReady', async () => sampler.start());
  app.addHook('onClose', async () => sampler.stop());

  app.get(
    '/admin/painel',
    { ...guard, schema: { tags, summary: 'Painel do lançamento: séries por dia (dias de São Paulo) num intervalo de até 92 dias', ...secured, querystring: dashboardQuerySchema, response: { 200: dashboardSchema, ...errors } } },
    async (request) => readDashboard(pool, request.query),
  );

  app.get(
    '/admin/painel/ao-vivo',
    { ...guard, schema: { tags, summary: 'Visão ao vivo do lançamento: fila, admissões, logins, resgates e erros por minuto', ...secured, response: { 200: dashboardLiveSchema, ...errors } } },
    async () => readLive(pool, await readState(app)),
  );
};
