import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@legiao/contracts';
import { painelAoVivoSchema, painelQuerySchema, painelSchema } from '@legiao/contracts/admin/painel';
import { poolOf } from '../../../db/prisma.js';
import { readEstado } from '../../fila/fila-admin.routes.js';
import { lerAoVivo, lerPainel } from './painel.service.js';
import { erros5xx, PainelAmostrador } from './painel-amostrador.js';

// The launch dashboard (issue 17 items 8-9, docs/decisions/0033-launch-dashboard.md): charts over
// a date range and the live launch view (polled). 'dashboard.read': admin, marketing.

const tags = ['admin'];
const secured = { security: [{ bearer: [] }] };
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };

export const painelRoutes: FastifyPluginAsyncZod = async (app) => {
  const pool = poolOf(app.ctx.prisma);
  const guard = { preHandler: app.requirePermission('dashboard.read') };

  const amostrador = new PainelAmostrador({
    pool,
    lerErros5xx: () => erros5xx(app.metrics.registry),
    lerFila: () => (app.fila.enabled ? readEstado(app) : Promise.resolve(null)),
    log: app.log,
  });
  app.addHook('onReady', async () => amostrador.start());
  app.addHook('onClose', async () => amostrador.stop());

  app.get(
    '/admin/painel',
    { ...guard, schema: { tags, summary: 'Painel do lançamento: séries por dia (dias de São Paulo) num intervalo de até 92 dias', ...secured, querystring: painelQuerySchema, response: { 200: painelSchema, ...errors } } },
    async (request) => lerPainel(pool, request.query),
  );

  app.get(
    '/admin/painel/ao-vivo',
    { ...guard, schema: { tags, summary: 'Visão ao vivo do lançamento: fila, admissões, logins, resgates e erros por minuto', ...secured, response: { 200: painelAoVivoSchema, ...errors } } },
    async () => lerAoVivo(pool, await readEstado(app)),
  );
};
