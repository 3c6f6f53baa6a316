import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema, waitingRoomConfigSchema, waitingRoomStateSchema, type WaitingRoomState } from '@legiao/contracts';
import type { FastifyInstance } from 'fastify';
import { readAutomatic } from './auto.js';
import { recordAudit } from '../admin/audit/audit.service.js';

const secured = { security: [{ bearer: [] }] };
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };

/** The state staff see (also used by the back office's panel). */
export async function readState(app: FastifyInstance): Promise<WaitingRoomState> {
  const { fila: waitingRoom } = app;
  const now = Date.now();
  const s = await waitingRoom.store.stats(now);
  return {
    habilitada: waitingRoom.enabled,
    ativa: waitingRoom.enabled && (s.settings.pausada || s.automatica || s.lancamento !== null || s.aguardando > 0 || s.admitidos >= s.settings.capacidade),
    pausada: s.settings.pausada,
    capacidade: s.settings.capacidade,
    admissoesPorMinuto: s.settings.admissoesPorMinuto,
    aguardando: s.aguardando,
    admitidos: s.admitidos,
    admissoesUltimoMinuto: s.admissoesUltimoMinuto,
    esperaMaisAntigaMs: s.esperaMaisAntigaMs,
    armazenamento: waitingRoom.store.kind,
    conexoesNesteProcesso: waitingRoom.connectionCount,
    lancamento: s.lancamento ? { lancamentoId: s.lancamento.launchId, nome: s.lancamento.name, ate: new Date(s.lancamento.until).toISOString() } : null,
    ...(waitingRoom.enabled ? { automatica: await readAutomatic(waitingRoom.store, app.ctx.config.fila.auto, now) } : {}),
  };
}

/**
 * Operators (the back office's waitingRoom.manage: admin, operacao; ADR 0029): read the waiting room,
 * change capacity and rate, pause admission. Each change is audited. Scheduled changes and the live
 * panel: features/admin/fila.
 */
export const waitingRoomAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/fila',
    { onRequest: [app.requirePermission('waitingRoom.manage')], schema: { tags: ['fila', 'admin'], summary: 'Estado da sala de espera (operação)', ...secured, response: { 200: waitingRoomStateSchema, ...errors } } },
    async () => readState(app),
  );

  app.put(
    '/admin/fila',
    {
      onRequest: [app.requirePermission('waitingRoom.manage')],
      schema: { tags: ['fila', 'admin'], summary: 'Muda capacidade, admissões por minuto ou pausa (vale para todos os processos)', ...secured, body: waitingRoomConfigSchema, response: { 200: waitingRoomStateSchema, ...errors } },
    },
    async (request) => {
      const now = Date.now();
      const before = (await app.fila.store.stats(now)).settings;
      const after = await app.fila.store.updateSettings(request.body, now);
      await recordAudit(app.ctx.prisma, { actorId: request.staff.id, action: 'fila.configurar', entity: 'fila', entityId: null, before: { ...before }, after: { ...after }, requestId: request.id });
      request.log.info({ fila: request.body, admin: request.usuario.id }, 'fila: configuração alterada');
      return readState(app);
    },
  );
};
