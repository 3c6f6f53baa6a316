import { z } from 'zod';
import { LAUNCH_STATUSES } from '../lancamentos';

// The launch day, seen live (issue 31 item 4; docs/decisions/0047-launches.md, part 2):
// GET /api/admin/lancamentos/{id}/painel (content.read) and its CSV, painel.csv. Dates are ISO 8601
// in São Paulo time, as every launch date.

const count = z.number().int().min(0);

/** One minute of the launch: what happened in it (first views, first accesses, first orders) and the totals up to its end. */
export const launchDayMinuteSchema = z.object({
  /** The minute's start. */
  minuto: z.string(),
  vistos: count,
  acessaram: count,
  pediram: count,
  vistosAcumulado: count,
  acessaramAcumulado: count,
  pediramAcumulado: count,
  /** The waiting room at that minute (painel_minuto, one sample a minute); null where none was taken. */
  filaAguardando: z.number().int().nullable(),
  filaAdmissoes: z.number().int().nullable(),
});
export type LaunchDayMinute = z.infer<typeof launchDayMinuteSchema>;

/** This launch's waiting-room record: switched on for an opening, and off (by time, archived, opening moved). */
export const launchDayRoomRecordSchema = z.object({
  abertura: z.string(),
  ligadaEm: z.string(),
  ate: z.string(),
  desligadaEm: z.string().nullable(),
  motivo: z.enum(['horario', 'arquivado', 'alterado']).nullable(),
});

export const launchDayRoomSchema = z.object({
  /** The live queue (the same store GET /api/admin/fila reads); null while it can't be read (Redis away). */
  estado: z
    .object({
      habilitada: z.boolean(),
      /** A login needs an admission now (paused, held by the automatic room or a launch, somebody waiting, or full). */
      ativa: z.boolean(),
      pausada: z.boolean(),
      automatica: z.boolean(),
      aguardando: count,
      admitidos: count,
      admissoesUltimoMinuto: count,
      admissoesPorMinuto: count,
      capacidade: count,
      /** The launch whose opening holds the room on now (this one or another), until `ate`. */
      lancamento: z.object({ lancamentoId: z.string(), nome: z.string(), ate: z.string() }).nullable(),
    })
    .nullable(),
  /** FILA_LANCAMENTO: whether openings switch the room on, and the schedule for this launch. */
  agenda: z.object({
    ativa: z.boolean(),
    antesMin: count,
    depoisMin: count,
    ligaEm: z.string(),
    desligaEm: z.string(),
  }),
  /** This launch's switches, the latest first. */
  registros: z.array(launchDayRoomRecordSchema),
});
export type LaunchDayRoom = z.infer<typeof launchDayRoomSchema>;

/** One wave of the alerts: what the control rule read and decided, and what became of its members. */
export const launchDayAlertWaveSchema = z.object({
  numero: count,
  em: z.string(),
  /** Members put in it, of `restantes` still to alert then. */
  tamanho: count,
  restantes: count,
  /** The waiting room when it was made: line, admissions in the last minute, the rate followed (per minute). */
  filaAguardando: count,
  filaAdmissoes: count,
  taxa: count,
  /** The rule's two sizes: the pace (what the room absorbs) and the floor (what the bound needs). */
  ritmo: count,
  piso: count,
  enviados: count,
  ignorados: count,
  falharam: count,
  incertos: count,
  /** Accepted by the relay, then bounced for good (a DSN came back; ADR 0049 "Bounces that arrive later"). */
  devolvidos: count,
  /** Still to send (waiting for a sender or a retry). */
  pendentes: count,
  /** Alerted members who opened their access after the alert. */
  chegaram: count,
});
export type LaunchDayAlertWave = z.infer<typeof launchDayAlertWaveSchema>;

/** "Avise-me" (ADR 0049): who asked to be alerted of the opening, and the alerts' waves. */
export const launchDayAlertsSchema = z.object({
  /** Members who asked and did not cancel (whatever happened to the alert since). */
  pedidos: count,
  /** Members who asked and then cancelled. */
  cancelados: count,
  /** Asked, not in a wave yet. */
  aguardandoOnda: count,
  /** In a wave, not sent yet (waiting for a sender, being sent, or waiting to retry). */
  emEnvio: count,
  enviados: count,
  /** Not sent, on purpose: consent withdrawn, no longer eligible, account blocked (see `problemas`). */
  ignorados: count,
  /** SMTP refused them for good (a bounce at submission) or every attempt failed. */
  falharam: count,
  /** Their sender stopped while SMTP had them: maybe delivered, never sent again. */
  incertos: count,
  /** Accepted by the relay, then bounced for good: a delivery status notification (RFC 3464) came back to the alert's VERP address. */
  devolvidos: count,
  /** Alerted members who then opened their personal access (POST /api/lancamentos/{slug}/acesso after the alert). */
  chegaram: count,
  /** The launch's bound (minutes after the opening) and the instant it falls. */
  prazoMin: count,
  prazoAte: z.string(),
  ondas: z.array(launchDayAlertWaveSchema),
  /** Why alerts were skipped or failed, most frequent first (at most 10). */
  problemas: z.array(z.object({ status: z.enum(['ignorado', 'falhou', 'incerto', 'devolvido']), motivo: z.string(), total: count })),
});
export type LaunchDayAlerts = z.infer<typeof launchDayAlertsSchema>;

export const launchDayPanelSchema = z.object({
  lancamento: z.object({
    id: z.string(),
    slug: z.string(),
    nome: z.string(),
    status: z.enum(LAUNCH_STATUSES),
    acessoInicio: z.string(),
    acessoFim: z.string(),
    dataPublica: z.string(),
    cotaPorMembro: z.number().int(),
    emJanela: z.boolean(),
  }),
  /** When this answer was made. */
  em: z.string(),
  totais: z.object({
    /** The rule's count (cached up to 30 s per launch: a complex rule on 100,000 members takes about a second). */
    elegiveis: count,
    elegiveisEm: z.string(),
    /** Members whose list showed this launch at least once (GET /api/lancamentos), and of them the eligible ones at that view. */
    vistos: count,
    vistosElegiveis: count,
    /** Members who opened their personal access (POST /api/lancamentos/{slug}/acesso). */
    acessaram: count,
    /** Members with units of the allowance used. */
    pediram: count,
    /** Units used within the allowance, and eligible × allowance − those (never below 0). */
    unidadesUsadas: count,
    unidadesRestantes: count,
  }),
  serie: z.object({ de: z.string(), ate: z.string(), minutos: z.array(launchDayMinuteSchema) }),
  fila: launchDayRoomSchema,
  avisos: launchDayAlertsSchema,
});
export type LaunchDayPanel = z.infer<typeof launchDayPanelSchema>;

/** The CSV's columns, in order (`;` separated, UTF-8 with BOM, CRLF, as the dashboard's exports). */
export const LAUNCH_DAY_CSV_HEADER = ['minuto', 'vistos', 'acessaram', 'pediram', 'vistos_acumulado', 'acessaram_acumulado', 'pediram_acumulado', 'fila_aguardando', 'fila_admissoes'] as const;
