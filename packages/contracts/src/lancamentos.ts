import { z } from 'zod';
import { SAO_PAULO_ZONE } from './sao-paulo-wall';
import { INT4_MAX } from './input-guard';
import { ACHIEVEMENT_THRESHOLDS, EXPERIENCES, EXPERIENCE_NAME } from './conquista-constants';
import { launchAlertStateSchema } from './lancamentos-aviso';

// Launches (lançamentos de produto, issue 31; docs/decisions/0047-launches.md): a product launch with
// an early-access window (acesso antecipado) for the members an eligibility rule selects, each with a
// per-member allowance (cota). NOT the ledger's `lancamento` (a ledger entry) nor the banner type
// `lancamento`: the tables are `lancamento_produto` and `acesso_antecipado`.

/** The brand's time zone: every launch date is explained in it. */
export const LAUNCH_TIME_ZONE = SAO_PAULO_ZONE;

/** A personal access code: `LGA-` + 10 characters of RFC 4648 base32 (50 random bits). */
export const ACCESS_CODE_PATTERN = /^LGA-[A-Z2-7]{10}$/;

export const LAUNCH_STATUSES = ['rascunho', 'publicado', 'arquivado'] as const;
export type LaunchStatus = (typeof LAUNCH_STATUSES)[number];

/**
 * Achievements a rule may ask for: the seals of GET /Conquista (same thresholds, same measures) by
 * name, the founder seal, and the event badges. [group, level] for the leveled seals.
 */
export const LAUNCH_ACHIEVEMENT_SEALS = {
  novato: { nome: 'Novato', grupo: 'tempo', minimo: ACHIEVEMENT_THRESHOLDS.tempoDias[0] },
  veterano: { nome: 'Veterano', grupo: 'tempo', minimo: ACHIEVEMENT_THRESHOLDS.tempoDias[1] },
  legionario: { nome: 'Legionário', grupo: 'tempo', minimo: ACHIEVEMENT_THRESHOLDS.tempoDias[2] },
  recrutador: { nome: 'Recrutador', grupo: 'indicacao', minimo: ACHIEVEMENT_THRESHOLDS.indicacoesConfirmadas[0] },
  influenciador: { nome: 'Influenciador', grupo: 'indicacao', minimo: ACHIEVEMENT_THRESHOLDS.indicacoesConfirmadas[1] },
  embaixador: { nome: 'Embaixador', grupo: 'indicacao', minimo: ACHIEVEMENT_THRESHOLDS.indicacoesConfirmadas[2] },
  iniciante: { nome: 'Iniciante', grupo: 'colecao', minimo: ACHIEVEMENT_THRESHOLDS.produtosNaColecao[0] },
  mestre: { nome: 'Mestre', grupo: 'colecao', minimo: ACHIEVEMENT_THRESHOLDS.produtosNaColecao[1] },
  lendario: { nome: 'Lendário', grupo: 'colecao', minimo: ACHIEVEMENT_THRESHOLDS.produtosNaColecao[2] },
  membroFundador: { nome: 'Membro fundador', grupo: 'fundador', minimo: 0 },
} as const;
export const LAUNCH_ACHIEVEMENTS = [...(Object.keys(LAUNCH_ACHIEVEMENT_SEALS) as (keyof typeof LAUNCH_ACHIEVEMENT_SEALS)[]), ...EXPERIENCES] as const;
export type LaunchAchievement = (typeof LAUNCH_ACHIEVEMENTS)[number];
/** How people read an achievement of a rule. */
export function launchAchievementName(key: LaunchAchievement): string {
  return key in LAUNCH_ACHIEVEMENT_SEALS ? LAUNCH_ACHIEVEMENT_SEALS[key as keyof typeof LAUNCH_ACHIEVEMENT_SEALS].nome : `${EXPERIENCE_NAME[key as (typeof EXPERIENCES)[number]]} (experiência)`;
}

export const LAUNCH_MSG = {
  naoEncontrado: 'Lançamento não encontrado.',
  membroNaoEncontrado: 'Membro não encontrado. Informe o id ou o e-mail de uma conta.',
  condicaoRepetida: 'Esta condição só pode aparecer uma vez na regra.',
  condicoesDemais: 'No máximo 20 condições numa regra.',
  tipoCondicao: 'Condição desconhecida. Use legionarioAtivo, comprasVerificadas, possuiCategoria, possuiProduto, saldoMinimo, conquista, incluirColaboradores ou incluirLeads.',
  fimAntesDoInicio: 'O fim do acesso antecipado deve ser depois do início.',
  publicaAntesDoFim: 'A data pública deve ser no fim do acesso antecipado ou depois.',
  slug: 'Endereço (slug): de 3 a 80 letras minúsculas, números e hífens (ex.: garrafa-aurora).',
  slugEmUso: 'Já existe um lançamento com este endereço (slug).',
  slugPublicado: 'O endereço (slug) de um lançamento publicado não muda: a loja e os membros já o usam.',
  skusObrigatorios: 'Informe ao menos um SKU do catálogo.',
  skuDesconhecido: 'SKU fora do catálogo:',
  skuRepetido: 'Cada SKU só uma vez.',
  categoriaDesconhecida: 'Categoria fora do catálogo:',
  produtoDesconhecido: 'Produto fora do catálogo:',
  cota: 'Cota por membro: de 1 a 1000 unidades.',
  consultaCampos: 'Informe email, cpf ou codigo (email e cpf: só um deles).',
  codigo: 'Código de acesso inválido (formato LGA-XXXXXXXXXX).',
  linkAgendaInvalido: 'Link de agenda inválido ou expirado. Entre no portal para adicionar à agenda.',
} as const;

const whole = (message: string, min: number, max: number) =>
  z.number({ message }).int({ message }).min(min, { message }).max(max, { message });

// --- The eligibility rule ------------------------------------------------------------------------

/**
 * One condition of a rule. A rule is a list of them, ANDed. Who is considered at all (the audience):
 * accounts neither blocked nor anonymised, of kind legionário, plus colaboradores with
 * incluirColaboradores and leads with incluirLeads (excluded otherwise).
 */
export const launchConditionSchema = z.discriminatedUnion(
  'tipo',
  [
    z.object({ tipo: z.literal('legionarioAtivo') }).strict().describe('A conta foi ativada (pelo e-mail ou login social).'),
    z.object({ tipo: z.literal('comprasVerificadas'), minimo: whole('Compras verificadas: de 1 a 1000.', 1, 1000) }).strict().describe('Ao menos N compras verificadas pela marca (não canceladas).'),
    z.object({ tipo: z.literal('possuiCategoria'), categoria: z.string({ message: 'Informe a categoria.' }).trim().min(1, { message: 'Informe a categoria.' }).max(80, { message: 'Categoria: no máximo 80 caracteres.' }) }).strict().describe('Tem um produto verificado desta categoria do catálogo.'),
    z.object({ tipo: z.literal('possuiProduto'), produtoId: whole('Produto inválido.', 1, INT4_MAX) }).strict().describe('Tem este produto do catálogo, verificado.'),
    z.object({ tipo: z.literal('saldoMinimo'), minimo: whole('Saldo mínimo: de 1 a 1.000.000 pontos.', 1, 1_000_000) }).strict().describe('Saldo (soma do extrato) de ao menos N pontos.'),
    z.object({ tipo: z.literal('conquista'), chave: z.enum(LAUNCH_ACHIEVEMENTS, { message: 'Conquista desconhecida.' }) }).strict().describe('Tem esta conquista (selo de Minhas conquistas ou experiência).'),
    z.object({ tipo: z.literal('incluirColaboradores') }).strict().describe('Colaboradores também participam (excluídos sem esta condição).'),
    z.object({ tipo: z.literal('incluirLeads') }).strict().describe('Leads também participam (excluídos sem esta condição).'),
  ],
  { error: LAUNCH_MSG.tipoCondicao },
);
export type LaunchCondition = z.infer<typeof launchConditionSchema>;
export type LaunchConditionKind = LaunchCondition['tipo'];

/** Kinds that can appear only once (the others may repeat: two products, two categories, two seals). */
const SINGLE_KINDS: readonly LaunchConditionKind[] = ['legionarioAtivo', 'comprasVerificadas', 'saldoMinimo', 'incluirColaboradores', 'incluirLeads'];

export const launchRuleSchema = z
  .object({ condicoes: z.array(launchConditionSchema).max(20, { message: LAUNCH_MSG.condicoesDemais }) })
  .strict()
  .superRefine((rule, ctx) => {
    const seen = new Set<string>();
    rule.condicoes.forEach((c, i) => {
      const key = SINGLE_KINDS.includes(c.tipo) ? c.tipo : JSON.stringify(c);
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: ['condicoes', i], message: LAUNCH_MSG.condicaoRepetida });
      seen.add(key);
    });
  });
export type LaunchRule = z.infer<typeof launchRuleSchema>;

/**
 * One reason of a decision: a condition of the rule (or `publico`, the audience: kind, not blocked),
 * met or not, what it asks in words, and for an unmet one what would make it met when the member
 * can do something about it ("Tenha 2 compras verificadas (você tem 1).").
 */
export const launchReasonSchema = z.object({
  tipo: z.string().describe('O tipo da condição (publico: a conta e o tipo de membro).'),
  atendida: z.boolean(),
  descricao: z.string().describe('O que a condição pede, em português.'),
  dica: z.string().nullable().describe('Para uma condição não atendida: o que a tornaria atendida; null quando não depende do membro.'),
});
export type LaunchReason = z.infer<typeof launchReasonSchema>;

// --- What a member sees: GET /api/lancamentos ----------------------------------------------------

export const launchTabsSchema = z.object({
  sobre: z.string(),
  cores: z.array(z.object({ nome: z.string(), hex: z.string() })),
  produtos: z.array(z.object({ nome: z.string(), urlImagem: z.string() })),
});

export const launchAccessSchema = z.object({
  codigo: z.string().describe('Código pessoal de acesso antecipado (LGA-XXXXXXXXXX): só vale para este membro.'),
  link: z.string().describe('A loja com o código.'),
  cotaRestante: z.number().int().describe('Unidades que ainda pode comprar no acesso antecipado.'),
});

export const memberLaunchSchema = z.object({
  slug: z.string(),
  nome: z.string(),
  urlImagem: z.string(),
  abas: launchTabsSchema,
  acessoInicio: z.string().describe('Início do acesso antecipado (ISO 8601 no horário de São Paulo).'),
  acessoFim: z.string().describe('Fim do acesso antecipado (ISO 8601 no horário de São Paulo).'),
  dataPublica: z.string().describe('Quando todos podem comprar (ISO 8601 no horário de São Paulo).'),
  fusoHorario: z.literal(LAUNCH_TIME_ZONE),
  cotaPorMembro: z.number().int(),
  elegivel: z.boolean(),
  motivos: z.array(launchReasonSchema),
  abreEm: z.string().describe('A abertura para este membro: o início do acesso antecipado se elegível, senão a data pública.'),
  emJanela: z.boolean().describe('O acesso antecipado está aberto agora.'),
  acesso: launchAccessSchema.nullable().describe('Durante a janela, para um membro elegível: o acesso pessoal.'),
  aviso: launchAlertStateSchema.describe('"Avise-me": se o membro pediu o aviso por e-mail da abertura (POST/DELETE /api/lancamentos/{slug}/aviso).'),
});
export type MemberLaunch = z.infer<typeof memberLaunchSchema>;
export const memberLaunchListSchema = z.array(memberLaunchSchema);

export const launchSlugSchema = z
  .string({ message: LAUNCH_MSG.slug })
  .regex(/^[a-z0-9](?:[a-z0-9-]{1,78})[a-z0-9]$/, { message: LAUNCH_MSG.slug });
export const launchSlugParamsSchema = z.object({ slug: z.string().max(80, { message: LAUNCH_MSG.naoEncontrado }) });

/** GET /api/lancamentos/{slug}/agenda.ics: the signed link of the launch alert (apps/api calendar-link.ts), for a click without a session. */
export const launchCalendarQuerySchema = z.object({
  t: z
    .string()
    .max(100, { message: LAUNCH_MSG.linkAgendaInvalido })
    .optional()
    .describe('Link assinado do e-mail de aviso (por membro e lançamento, vale até a data pública): abre o .ics sem sessão. Sem ele, a sessão do membro (Bearer).'),
});
