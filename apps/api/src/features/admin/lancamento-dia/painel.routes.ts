import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '@legiao/contracts';
import { launchIdParamsSchema } from '@legiao/contracts/admin/lancamentos';
import { launchDayPanelSchema, type LaunchDayRoom } from '@legiao/contracts/admin/lancamentos-painel';
import { poolOf } from '../../../db/prisma.js';
import { saoPauloIso } from '../../lancamentos/time.js';
import { CSV_SPAN_MS, EligibleCache, launchDayCsv, launchDayPanel, type PanelDeps } from './painel.service.js';

// The launch day, live (issue 31 item 4; docs/decisions/0047-launches.md, part 2): the launch page's
// numbers and their CSV. content.read, as every launch read of the back office.

const tags = ['admin'];
const secured = { security: [{ bearer: [] }] };
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };

export const launchDayRoutes: FastifyPluginAsyncZod = async (app) => {
  const { prisma, config } = app.ctx;
  const pool = poolOf(prisma);
  const eligible = new EligibleCache();
  const schedule = config.fila.launchOpening;

  const readRoom: PanelDeps['readRoom'] = async (launch) => {
    let state: LaunchDayRoom['estado'] = null;
    try {
      const s = await app.fila.store.stats(Date.now());
      const on = app.fila.enabled;
      state = {
        habilitada: on,
        ativa: on && (s.settings.pausada || s.automatica || s.lancamento !== null || s.aguardando > 0 || s.admitidos >= s.settings.capacidade),
        pausada: s.settings.pausada,
        automatica: s.automatica,
        aguardando: s.aguardando,
        admitidos: s.admitidos,
        admissoesUltimoMinuto: s.admissoesUltimoMinuto,
        admissoesPorMinuto: s.settings.admissoesPorMinuto,
        capacidade: s.settings.capacidade,
        lancamento: s.lancamento ? { lancamentoId: s.lancamento.launchId, nome: s.lancamento.name, ate: saoPauloIso(new Date(s.lancamento.until)) } : null,
      };
    } catch {
      // Redis away (logged once per outage by its client, ADR 0037): the launch's numbers still
      // show; the room's part says it can't be read.
    }
    const { rows } = await pool.query<{ abertura: Date; ligada_em: Date; ate: Date; desligada_em: Date | null; motivo: 'horario' | 'arquivado' | 'alterado' | null }>({
      name: 'lancamento-dia-fila',
      text: `SELECT abertura, ligada_em, ate, desligada_em, motivo FROM lancamento_fila WHERE lancamento_id = $1 ORDER BY ligada_em DESC LIMIT 20`,
      values: [launch.id],
    });
    return {
      estado: state,
      agenda: {
        ativa: config.fila.enabled && schedule.enabled,
        antesMin: schedule.beforeMs / 60_000,
        depoisMin: schedule.afterMs / 60_000,
        ligaEm: saoPauloIso(new Date(launch.acesso_inicio.getTime() - schedule.beforeMs)),
        desligaEm: saoPauloIso(new Date(launch.acesso_inicio.getTime() + schedule.afterMs)),
      },
      registros: rows.map((r) => ({
        abertura: saoPauloIso(r.abertura),
        ligadaEm: saoPauloIso(r.ligada_em),
        ate: saoPauloIso(r.ate),
        desligadaEm: r.desligada_em ? saoPauloIso(r.desligada_em) : null,
        motivo: r.motivo,
      })),
    };
  };
  const deps = (): PanelDeps => ({ pool, eligible, ctx: { now: new Date(), foundersUntil: config.foundersUntil }, readRoom });

  app.get(
    '/admin/lancamentos/:id/painel',
    {
      onRequest: app.requirePermission('content.read'),
      schema: {
        tags,
        ...secured,
        summary: 'O dia do lançamento ao vivo: elegíveis, vistos, acessaram, pediram, unidades restantes, por minuto, e a sala de espera',
        description: 'Série por minuto desde 30 minutos antes da abertura até agora (no máximo as últimas 24 h). Elegíveis: a contagem da regra, guardada por até 30 s.',
        params: launchIdParamsSchema,
        response: { 200: launchDayPanelSchema, ...errors },
      },
    },
    async (request) => launchDayPanel(deps(), request.params.id),
  );

  app.get(
    '/admin/lancamentos/:id/painel.csv',
    {
      onRequest: app.requirePermission('content.read'),
      schema: {
        tags,
        ...secured,
        summary: 'O dia do lançamento por minuto, em CSV (; como separador, UTF-8 com BOM)',
        description: 'Uma linha por minuto desde 30 minutos antes da abertura até agora ou o fim da janela (no máximo 14 dias).',
        params: launchIdParamsSchema,
        response: { 200: z.string().describe('text/csv'), ...errors },
      },
    },
    async (request, reply) => {
      const panel = await launchDayPanel(deps(), request.params.id, CSV_SPAN_MS);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="lancamento-${panel.lancamento.slug}-por-minuto.csv"`)
        .header('cache-control', 'no-store')
        .send(launchDayCsv(panel.serie.minutos));
    },
  );
};
