import { z } from 'zod';
import { contentUrlSchema } from './banners';
import { LAUNCH_MSG, LAUNCH_STATUSES, LAUNCH_TIME_ZONE, launchReasonSchema, launchRuleSchema, launchSlugSchema, launchTabsSchema, memberLaunchSchema } from '../lancamentos';

// Back office: launches (issue 31; docs/decisions/0047-launches.md), under /api/admin/lancamentos.
// Reads: content.read; writes, rule previews and previews as a member: content.write (admin,
// marketing). Dates: ISO 8601 with an offset in (so "00:00 in São Paulo" is exact), answered as ISO
// 8601 in São Paulo time (-03:00).

const text = (field: string, max: number) =>
  z
    .string({ message: `Informe ${field}.` })
    .trim()
    .min(1, { message: `Informe ${field}.` })
    .max(max, { message: `${field.charAt(0).toUpperCase()}${field.slice(1)}: no máximo ${max} caracteres.` });

const instant = (field: string) => z.iso.datetime({ offset: true, message: `${field}: data e hora inválidas (ISO 8601 com fuso, ex.: 2026-12-01T00:00:00-03:00).` });

/** The alerts' bound (ADR 0049). */
export const LAUNCH_ALERT_BOUND_MSG = 'Prazo dos avisos: de 1 a 1440 minutos depois da abertura.';

export const launchTabsInputSchema = z
  .object({
    sobre: z.string({ message: 'Informe o texto de Sobre.' }).trim().max(4000, { message: 'Sobre: no máximo 4000 caracteres.' }).default(''),
    cores: z
      .array(z.object({ nome: text('o nome da cor', 60), hex: z.string().regex(/^#[0-9a-fA-F]{6}$/, { message: 'Cor: use o formato #RRGGBB.' }) }).strict())
      .max(30, { message: 'No máximo 30 cores.' })
      .default([]),
    produtos: z.array(z.object({ nome: text('o nome do produto', 120), urlImagem: contentUrlSchema }).strict()).max(30, { message: 'No máximo 30 produtos nas abas.' }).default([]),
  })
  .strict();

export const launchInputSchema = z
  .object({
    nome: text('o nome', 120),
    slug: launchSlugSchema,
    urlImagem: contentUrlSchema,
    abas: launchTabsInputSchema.default({ sobre: '', cores: [], produtos: [] }),
    skus: z
      .array(z.string().trim().min(1, { message: LAUNCH_MSG.skusObrigatorios }).max(80, { message: 'SKU: no máximo 80 caracteres.' }))
      .min(1, { message: LAUNCH_MSG.skusObrigatorios })
      .max(100, { message: 'No máximo 100 SKUs.' })
      .refine((l) => new Set(l.map((s) => s.toUpperCase())).size === l.length, { message: LAUNCH_MSG.skuRepetido }),
    acessoInicio: instant('Início do acesso antecipado'),
    acessoFim: instant('Fim do acesso antecipado'),
    dataPublica: instant('Data pública'),
    cotaPorMembro: z.number({ message: LAUNCH_MSG.cota }).int({ message: LAUNCH_MSG.cota }).min(1, { message: LAUNCH_MSG.cota }).max(1000, { message: LAUNCH_MSG.cota }),
    avisoPrazoMin: z
      .number({ message: LAUNCH_ALERT_BOUND_MSG })
      .int({ message: LAUNCH_ALERT_BOUND_MSG })
      .min(1, { message: LAUNCH_ALERT_BOUND_MSG })
      .max(1440, { message: LAUNCH_ALERT_BOUND_MSG })
      .optional()
      .describe('"Avise-me": todos os que pediram recebem o aviso em até estes minutos depois da abertura (ondas, ADR 0049). Padrão 30; ausente numa edição: fica como está.'),
    regra: launchRuleSchema,
  })
  .strict()
  .superRefine((v, ctx) => {
    if (Date.parse(v.acessoFim) <= Date.parse(v.acessoInicio)) ctx.addIssue({ code: 'custom', path: ['acessoFim'], message: LAUNCH_MSG.fimAntesDoInicio });
    if (Date.parse(v.dataPublica) < Date.parse(v.acessoFim)) ctx.addIssue({ code: 'custom', path: ['dataPublica'], message: LAUNCH_MSG.publicaAntesDoFim });
  });
export type LaunchInput = z.input<typeof launchInputSchema>;
export type LaunchInputParsed = z.output<typeof launchInputSchema>;

export const adminLaunchSchema = z.object({
  id: z.string(),
  slug: z.string(),
  nome: z.string(),
  urlImagem: z.string(),
  abas: launchTabsSchema,
  skus: z.array(z.string()),
  acessoInicio: z.string().describe('ISO 8601 no horário de São Paulo (-03:00).'),
  acessoFim: z.string(),
  dataPublica: z.string(),
  fusoHorario: z.literal(LAUNCH_TIME_ZONE),
  /** The same dates as people read them in São Paulo: "01/12/2026 00:00". */
  horarios: z.object({ acessoInicio: z.string(), acessoFim: z.string(), dataPublica: z.string() }),
  cotaPorMembro: z.number().int(),
  avisoPrazoMin: z.number().int(),
  regra: launchRuleSchema,
  status: z.enum(LAUNCH_STATUSES),
  criadoPor: z.string().nullable(),
  atualizadoPor: z.string().nullable(),
  criadoEm: z.string(),
  atualizadoEm: z.string(),
});
export type AdminLaunch = z.infer<typeof adminLaunchSchema>;

export const adminLaunchListQuerySchema = z.object({ status: z.enum(LAUNCH_STATUSES, { message: 'Situação inválida: rascunho, publicado ou arquivado.' }).optional() });
export const adminLaunchListSchema = z.object({ itens: z.array(adminLaunchSchema), total: z.number().int() });

export const launchIdParamsSchema = z.object({ id: z.uuid({ message: LAUNCH_MSG.naoEncontrado }) });

/** POST /api/admin/lancamentos/previa-regra: how many members a rule selects now, before saving. */
export const rulePreviewInputSchema = z.object({ regra: launchRuleSchema }).strict();
export const rulePreviewSchema = z.object({ total: z.number().int().describe('Membros que a regra seleciona agora.'), em: z.string() });

/** GET /api/admin/lancamentos/{id}/previa?membro=<id or e-mail>&em=<ISO>: the launch as that member sees it. */
export const launchPreviewQuerySchema = z.object({
  membro: z.string({ message: LAUNCH_MSG.membroNaoEncontrado }).trim().min(1, { message: LAUNCH_MSG.membroNaoEncontrado }).max(254, { message: LAUNCH_MSG.membroNaoEncontrado }),
  em: instant('Momento').optional(),
});
export const launchPreviewSchema = z.object({
  membro: z.object({ id: z.string(), nome: z.string(), email: z.string() }),
  em: z.string().describe('O momento da prévia (ISO 8601, São Paulo).'),
  status: z.enum(LAUNCH_STATUSES),
  /** What GET /api/lancamentos would answer for this launch; acesso.codigo is null while the member has none yet (made on their first view in the window). */
  lancamento: memberLaunchSchema.extend({
    acesso: z.object({ codigo: z.string().nullable(), link: z.string().nullable(), cotaRestante: z.number().int() }).nullable(),
  }),
});

/** On the member's back-office page: the launches (published, not yet public) and whether this member is eligible, and why. */
export const memberLaunchEligibilitySchema = z.object({
  id: z.string(),
  slug: z.string(),
  nome: z.string(),
  acessoInicio: z.string(),
  dataPublica: z.string(),
  elegivel: z.boolean(),
  motivos: z.array(launchReasonSchema),
  cotaUsada: z.number().int(),
});
