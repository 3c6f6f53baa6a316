import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { can, errorResponseSchema, REQUEST_MSG } from '@legiao/contracts';
import { waitingRoomScheduleInputSchema, waitingRoomScheduleListSchema, waitingRoomScheduleParamsSchema, waitingRoomScheduleSchema } from '@legiao/contracts/admin/fila';
import { AppError } from '../../../errors/app-error.js';
import { loadSessionUser } from '../../../plugins/auth-query.js';
import { poolOf } from '../../../db/prisma.js';
import { recordAudit } from '../audit/audit.service.js';
import { loadStaffRoles } from '../permissions.js';
import { readState } from '../../fila/waiting-room-admin.routes.js';
import { cancelSchedule, createSchedule, listSchedules, toWaitingRoomSchedule } from './waiting-room-schedule.service.js';
import { WaitingRoomScheduler } from './waiting-room-scheduler.js';
import { WaitingRoomPanel, type Authorisation } from './waiting-room-panel.js';

// The waiting-room panel (issue 16 item 8; ADR 0029): scheduled changes and the panel's live socket.
// The state and its controls stay in features/fila/waiting-room-admin.routes.ts (GET/PUT /api/admin/fila,
// ADR 0008). Everything here needs 'waitingRoom.manage' (admin, operacao); writes are audited.

const tags = ['admin'];
const secured = { security: [{ bearer: [] }] };
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };
const PERMISSION = 'waitingRoom.manage' as const;

export const waitingRoomScheduleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { prisma } = app.ctx;
  const pool = poolOf(prisma);
  const schedules = app.cache.define('fila-agendamentos', ['fila_agendamento'], () => listSchedules(prisma));

  const authorise = async (token: string): Promise<Authorisation> => {
    let claims: { sub?: unknown; sid?: unknown };
    try {
      claims = app.jwt.verify(token);
    } catch {
      return 'nao-autenticado';
    }
    if (typeof claims.sub !== 'string' || typeof claims.sid !== 'string') return 'nao-autenticado';
    const user = await loadSessionUser(pool, claims.sub, claims.sid, { saldo: false }).catch(() => null);
    if (!user) return 'nao-autenticado';
    return can(await loadStaffRoles(pool, user.id), PERMISSION) ? 'ok' : 'sem-permissao';
  };
  const panel = new WaitingRoomPanel({ readState: () => readState(app), readSchedules: schedules, authorise, log: app.log });

  const scheduler = new WaitingRoomScheduler({
    db: prisma,
    store: app.fila.store,
    log: app.log,
    onApplied: (tx, a) =>
      recordAudit(tx, {
        actorId: null,
        action: 'fila.agendamento.executar',
        entity: 'fila',
        entityId: String(a.schedule.id),
        before: { ...a.before },
        after: { ...a.after },
        requestId: null,
      }),
    afterApplied: () => {
      app.cache.invalidate('fila_agendamento');
      void panel.notify();
    },
  });
  if (app.fila.enabled && app.ctx.config.fila.agendamentos) app.addHook('onReady', async () => scheduler.start());
  app.addHook('onClose', async () => {
    scheduler.stop();
    panel.close();
  });

  app.get(
    '/admin/fila/agendamentos',
    { onRequest: [app.requirePermission(PERMISSION)], schema: { tags, summary: 'Mudanças agendadas da sala de espera (pendentes primeiro)', ...secured, response: { 200: waitingRoomScheduleListSchema, ...errors } } },
    async () => schedules(),
  );

  app.post(
    '/admin/fila/agendamentos',
    {
      onRequest: [app.requirePermission(PERMISSION)],
      schema: {
        tags,
        summary: 'Agenda uma mudança (ex.: pausar às 10:00 do dia 12)',
        description: 'Aplicada pelo primeiro processo da API que a encontrar vencida (verificação a cada segundo).',
        ...secured,
        body: waitingRoomScheduleInputSchema,
        response: { 201: waitingRoomScheduleSchema, ...errors },
      },
    },
    async (request, reply) => {
      const row = await prisma.$transaction(async (tx) => {
        const r = await createSchedule(tx, request.body, request.staff.id, new Date());
        await recordAudit(tx, { actorId: request.staff.id, action: 'fila.agendamento.criar', entity: 'fila_agendamento', entityId: String(r.id), before: null, after: toWaitingRoomSchedule(r), requestId: request.id });
        return r;
      });
      void panel.notify();
      return reply.status(201).send(toWaitingRoomSchedule(row));
    },
  );

  app.delete(
    '/admin/fila/agendamentos/:id',
    {
      onRequest: [app.requirePermission(PERMISSION)],
      schema: { tags, summary: 'Cancela uma mudança agendada ainda pendente', ...secured, params: waitingRoomScheduleParamsSchema, response: { 200: waitingRoomScheduleSchema, 404: errorResponseSchema, 409: errorResponseSchema, ...errors } },
    },
    async (request) => {
      const { depois: after } = await prisma.$transaction(async (tx) => {
        const r = await cancelSchedule(tx, request.params.id, new Date());
        await recordAudit(tx, { actorId: request.staff.id, action: 'fila.agendamento.cancelar', entity: 'fila_agendamento', entityId: String(r.antes.id), before: toWaitingRoomSchedule(r.antes), after: toWaitingRoomSchedule(r.depois), requestId: request.id });
        return r;
      });
      void panel.notify();
      return toWaitingRoomSchedule(after);
    },
  );

  app.route({
    method: 'GET',
    url: '/admin/fila/ws',
    schema: { tags, summary: 'Painel da sala de espera ao vivo (WebSocket; 1ª mensagem: { type: "Autenticar", token })', response: { 426: errorResponseSchema } },
    handler: async () => {
      throw new AppError('UPGRADE_REQUIRED', REQUEST_MSG.somenteWebSocket);
    },
    wsHandler: (socket) => panel.attach(socket),
  });
};
