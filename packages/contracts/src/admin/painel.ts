import { z } from 'zod';
import { ADMIN_MSG } from './roles.js';
import { dateFilterSchema } from './paging.js';

// The launch dashboard (issue 17 items 8-9, docs/decisions/0033-launch-dashboard.md). Days are São
// Paulo days; `de` and `ate` are inclusive.

export const DASHBOARD_MAX_DAYS = 92;
export const DASHBOARD_MSG = {
  intervaloInvertido: 'A data inicial deve ser anterior ou igual à final.',
  intervaloLongo: `Escolha um intervalo de até ${DASHBOARD_MAX_DAYS} dias.`,
} as const;

const dayMs = 24 * 3600 * 1000;
/** Days between two AAAA-MM-DD dates, inclusive (1 for the same day). */
export const dashboardDays = (from: string, until: string) => Math.round((Date.parse(`${until}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / dayMs) + 1;

// Date.parse rolls 2020-02-31 over to March 2nd (and the database refuses it): the day must read back the same.
const daySchema = dateFilterSchema.refine((d) => {
  const t = Date.parse(`${d}T00:00:00Z`);
  return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === d;
}, ADMIN_MSG.dataInvalida);

/** GET /api/admin/painel?de=&ate= (both required: the page always sends its range). */
export const dashboardQuerySchema = z
  .object({ de: daySchema, ate: daySchema })
  .superRefine((q, ctx) => {
    const days = dashboardDays(q.de, q.ate);
    if (days < 1) ctx.addIssue({ code: 'custom', message: DASHBOARD_MSG.intervaloInvertido, path: ['ate'] });
    else if (days > DASHBOARD_MAX_DAYS) ctx.addIssue({ code: 'custom', message: DASHBOARD_MSG.intervaloLongo, path: ['ate'] });
  });
export type DashboardQuery = z.infer<typeof dashboardQuerySchema>;

const n = z.number().int();

/** Per day (AAAA-MM-DD), every day of the range present (zeros included). */
export const dashboardDaySchema = z.object({
  dia: z.string(),
  cadastros: n,
  ativacoes: n,
  /** Sessions opened that day (a login, by password, link or social). */
  logins: n,
  /** Distinct members who logged in that day. */
  membrosAtivos: n,
  resgates: n,
});

/** The waiting room per hour (ranges up to 3 days) or per day: from the per-minute samples. */
export const dashboardWaitingRoomSchema = z.object({
  /** Start of the hour or day, ISO. */
  inicio: z.string(),
  aguardandoMax: n,
  aguardandoMedio: n,
  esperaMaxMs: n,
  admissoes: n,
});

export const dashboardSchema = z.object({
  de: z.string(),
  ate: z.string(),
  dias: z.array(dashboardDaySchema),
  /** Accounts activated up to the end of the range (deleted ones included: they were members). */
  contasAtivadas: n,
  filaGranularidade: z.enum(['hora', 'dia']),
  fila: z.array(dashboardWaitingRoomSchema),
  resgatesPorBeneficio: z.array(z.object({ beneficioId: n, nome: z.string(), resgates: n })),
  /** Now; null restante = unlimited. */
  estoque: z.array(z.object({ beneficioId: n, nome: z.string(), restante: n.nullable() })),
  indicacoes: z.object({
    /** Distinct members whose shared link brought a sign-up in the range (shares themselves are not recorded). */
    compartilharam: n,
    cadastraram: n,
    confirmaram: n,
  }),
  /** The satisfaction survey's recommendation question, answered in the range. null nps: no answers. */
  nps: z.object({ promotores: n, neutros: n, detratores: n, respostas: n, nps: n.nullable() }),
  /** Personalisation surveys finished in the range, by resulting perfil. */
  personalizacao: z.array(z.object({ perfil: z.string(), membros: n })),
});
export type Panel = z.infer<typeof dashboardSchema>;

/** GET /api/admin/painel/ao-vivo: the launch view, polled every few seconds. */
export const dashboardLiveSchema = z.object({
  em: z.string(),
  fila: z.object({ ativa: z.boolean(), aguardando: n, admitidos: n, esperaMaisAntigaMs: n, admissoesPorMinuto: n }),
  loginsPorMinuto: n,
  resgatesPorMinuto: n,
  /** 5xx answers of every API process in the last minute (sampled every 10 s per process). */
  errosPorMinuto: n,
  /** The last 30 minutes, one point per minute (oldest first). */
  minutos: z.array(z.object({ minuto: z.string(), aguardando: n.nullable(), admissoes: n.nullable(), logins: n, resgates: n, erros: n })),
});
export type DashboardLive = z.infer<typeof dashboardLiveSchema>;
