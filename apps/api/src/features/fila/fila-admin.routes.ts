import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema, filaConfigSchema, filaEstadoSchema, type FilaEstado } from '@legiao/contracts';
import type { FastifyInstance } from 'fastify';
import { readAutomatica } from './auto.js';
import { recordAudit } from '../admin/audit/audit.service.js';

const secured = { security: [{ bearer: [] }] };
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };

/** The state staff see (also used by the back office's panel). */
export async function readEstado(app: FastifyInstance): Promise<FilaEstado> {
  const { fila } = app;
  const now = Date.now();
  const s = await fila.store.stats(now);
  return {
    habilitada: fila.enabled,
    ativa: fila.enabled && (s.settings.pausada || s.automatica || s.aguardando > 0 || s.admitidos >= s.settings.capacidade),
    pausada: s.settings.pausada,
    capacidade: s.settings.capacidade,
    admissoesPorMinuto: s.settings.admissoesPorMinuto,
    aguardando: s.aguardando,
    admitidos: s.admitidos,
    admissoesUltimoMinuto: s.admissoesUltimoMinuto,
    esperaMaisAntigaMs: s.esperaMaisAntigaMs,
    armazenamento: fila.store.kind,
    conexoesNesteProcesso: fila.connectionCount,
    ...(fila.enabled ? { automatica: await readAutomatica(fila.store, app.ctx.config.fila.auto, now) } : {}),
  };
}

/**
 * Operators (the back office's waitingRoom.manage: admin, operacao; ADR 0029): read the waiting room,
 * change capacity and rate, pause admission. Each change is audited. Scheduled changes and the live
 * panel: features/admin/fila.
 */
export const filaAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/fila',
    { onRequest: [app.requirePermission('waitingRoom.manage')], schema: { tags: ['fila', 'admin'], summary: 'Estado da sala de espera (operação)', ...secured, response: { 200: filaEstadoSchema, ...errors } } },
    async () => readEstado(app),
  );

  app.put(
    '/admin/fila',
    {
      onRequest: [app.requirePermission('waitingRoom.manage')],
      schema: { tags: ['fila', 'admin'], summary: 'Muda capacidade, admissões por minuto ou pausa (vale para todos os processos)', ...secured, body: filaConfigSchema, response: { 200: filaEstadoSchema, ...errors } },
    },
    async (request) => {
      const now = Date.now();
      const antes = (await app.fila.store.stats(now)).settings;
      const depois = await app.fila.store.updateSettings(request.body, now);
      await recordAudit(app.ctx.prisma, { actorId: request.staff.id, action: 'fila.configurar', entity: 'fila', entityId: null, before: { ...antes }, after: { ...depois }, requestId: request.id });
      request.log.info({ fila: request.body, admin: request.usuario.id }, 'fila: configuração alterada');
      return readEstado(app);
    },
  );
};
