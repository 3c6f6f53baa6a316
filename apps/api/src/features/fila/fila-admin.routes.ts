import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema, filaConfigSchema, filaEstadoSchema, type FilaEstado } from '@legiao/contracts';
import type { FastifyInstance } from 'fastify';
import { readAutomatica } from './auto.js';

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

/** Operators (usuario.admin): read the waiting room, change capacity and rate, pause admission. */
export const filaAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/fila',
    { onRequest: [app.requireAdmin], schema: { tags: ['fila'], summary: 'Estado da sala de espera (administradores)', ...secured, response: { 200: filaEstadoSchema, ...errors } } },
    async () => readEstado(app),
  );

  app.put(
    '/admin/fila',
    {
      onRequest: [app.requireAdmin],
      schema: { tags: ['fila'], summary: 'Muda capacidade, admissões por minuto ou pausa (vale para todos os processos)', ...secured, body: filaConfigSchema, response: { 200: filaEstadoSchema, ...errors } },
    },
    async (request) => {
      await app.fila.store.updateSettings(request.body, Date.now());
      request.log.info({ fila: request.body, admin: request.usuario.id }, 'fila: configuração alterada');
      return readEstado(app);
    },
  );
};
