import { z } from 'zod';
// Through the index, not '../beneficio.js': the web build then keeps these modules inside the chunk the
// member pages already load instead of splitting a shared chunk out of it (bench/web.mjs figures).
import { BENEFIT_STATES, BLOCK_CODES, benefitSchema } from '../index.js';
import { adminPageQuerySchema, adminPageSchema } from './paging.js';

// Back office, benefits (issue 16 item 1; docs/decisions/0027-back-office.md): every field a member
// sees, edited by marketing/admin; archive instead of delete (redemptions point at benefits).
// Dates and times are São Paulo wall-clock ('AAAA-MM-DDTHH:mm'), as staff type them.

export const BENEFIT_ADMIN_MSG = {
  chaveInvalida: 'Use de 3 a 60 letras minúsculas, números e hífens (ex.: cupom-10-off).',
  chaveEmUso: 'Já existe um benefício com essa chave.',
  nomeObrigatorio: 'Informe o título do benefício.',
  tipoObrigatorio: 'Informe o tipo (ex.: baseGeral, Cbe, Colaboradores).',
  imagemObrigatoria: 'Informe o endereço da imagem (/caminho ou https://...).',
  termosObrigatorios: 'Informe os termos de uso do benefício.',
  valorInvalido: 'O custo é um número inteiro de pontos, de 0 a 100.000.',
  limiteInvalido: 'O limite por membro é um número inteiro de 1 a 100.',
  estoqueInvalido: 'O estoque é um número inteiro a partir de 0 (vazio = ilimitado).',
  percentualInvalido: 'O desconto é um número inteiro de 1 a 100.',
  ordemInvalida: 'A ordem é um número inteiro.',
  dataHoraInvalida: 'Data e hora inválidas (AAAA-MM-DDTHH:mm).',
  dataInvalida: 'Data inválida (AAAA-MM-DD).',
  janelaInvalida: 'O fim precisa ser depois do início.',
  publicoObrigatorio: 'Escolha ao menos um público.',
  cidadeInvalida: 'Cada cidade tem de 2 a 80 caracteres.',
  urlInvalida: 'Endereço inválido: use https://...',
  prefixoInvalido: 'Use até 20 letras maiúsculas, números ou hífens.',
  opcaoNomeObrigatorio: 'Informe o rótulo do dia (ex.: Sábado, 17/01).',
  opcoesSoEmEventos: 'Dias com opções só existem em eventos.',
  opcaoComResgates: 'Este dia já tem resgates ou cupons: não pode ser removido.',
  opcaoDeOutro: 'Este dia não é deste benefício.',
  naoEncontrado: 'Benefício não encontrado.',
  idInvalido: 'Benefício não encontrado.',
  saldoInvalido: 'O saldo é um número inteiro de 0 a 1.000.000.',
  resgatesInvalido: 'Os resgates são um número inteiro de 0 a 100.',
} as const;

const dateTime = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, BENEFIT_ADMIN_MSG.dataHoraInvalida).refine((s) => !Number.isNaN(Date.parse(`${s}:00-03:00`)), BENEFIT_ADMIN_MSG.dataHoraInvalida);
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, BENEFIT_ADMIN_MSG.dataInvalida).refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), BENEFIT_ADMIN_MSG.dataInvalida);
const integer = (min: number, max: number, msg: string) => z.number({ error: msg }).int(msg).min(min, msg).max(max, msg);
/** Empty text from a form field is "not set". */
const optional = <T extends z.ZodType>(s: T) => z.preprocess((v) => (v === '' || v === undefined ? null : v), s.nullable());

export const BENEFIT_AUDIENCES = ['legionario', 'lead', 'colaborador'] as const;
/**
 * The event badges (conquista-constantes' EXPERIENCIAS, held equal by beneficios.test.ts). A copy:
 * importing that module here would split it out of the member home's chunk.
 */
export const BENEFIT_EXPERIENCES = ['tardezinha', 'poderosas', 'churrasquinho', 'antigas', 'unico', 'jerseyBoys', 'aniversario', 'preBlack'] as const;
export const AUDIENCE_LABELS: Record<(typeof BENEFIT_AUDIENCES)[number], string> = { legionario: 'Legionários', lead: 'Leads', colaborador: 'Colaboradores' };
export const COUPON_MODES = ['gerado', 'lista'] as const;

export const benefitOptionFormSchema = z.object({
  /** Absent for a new day; present to keep a day (and its stock and redemptions). */
  id: z.number().int().positive().max(2_147_483_647, BENEFIT_ADMIN_MSG.opcaoDeOutro).optional(),
  nome: z.string().trim().min(1, BENEFIT_ADMIN_MSG.opcaoNomeObrigatorio).max(60, BENEFIT_ADMIN_MSG.opcaoNomeObrigatorio),
  data: day,
  estoque: optional(integer(0, 10_000_000, BENEFIT_ADMIN_MSG.estoqueInvalido)),
});

/** POST /api/admin/beneficios and PUT /api/admin/beneficios/{id}: the whole definition. */
export const benefitFormSchema = z
  .object({
    chave: z.string().trim().regex(/^[a-z0-9][a-z0-9-]{2,59}$/, BENEFIT_ADMIN_MSG.chaveInvalida),
    nome: z.string().trim().min(1, BENEFIT_ADMIN_MSG.nomeObrigatorio).max(120, BENEFIT_ADMIN_MSG.nomeObrigatorio),
    tipo: z.string().trim().min(1, BENEFIT_ADMIN_MSG.tipoObrigatorio).max(60, BENEFIT_ADMIN_MSG.tipoObrigatorio),
    descricao: optional(z.string().trim().max(2000)),
    urlImagem: z.string().trim().min(1, BENEFIT_ADMIN_MSG.imagemObrigatoria).max(500).regex(/^(\/|https:\/\/)\S+$/, BENEFIT_ADMIN_MSG.imagemObrigatoria),
    valor: integer(0, 100_000, BENEFIT_ADMIN_MSG.valorInvalido),
    textoLegal: z.string().trim().min(1, BENEFIT_ADMIN_MSG.termosObrigatorios).max(10_000),
    urlBeneficio: optional(z.string().trim().max(500).regex(/^https:\/\/\S+$/, BENEFIT_ADMIN_MSG.urlInvalida)),
    percentualDesconto: optional(integer(1, 100, BENEFIT_ADMIN_MSG.percentualInvalido)),
    inicio: optional(dateTime),
    fim: optional(dateTime),
    evento: z.boolean(),
    dataEvento: optional(dateTime),
    opcoes: z.array(benefitOptionFormSchema).max(30),
    publico: z.array(z.enum(BENEFIT_AUDIENCES)).min(1, BENEFIT_ADMIN_MSG.publicoObrigatorio),
    cidades: z.array(z.string().trim().min(2, BENEFIT_ADMIN_MSG.cidadeInvalida).max(80, BENEFIT_ADMIN_MSG.cidadeInvalida)).max(50),
    limitePorMembro: integer(1, 100, BENEFIT_ADMIN_MSG.limiteInvalido),
    modoCupom: z.enum(COUPON_MODES),
    prefixoCupom: optional(z.string().trim().regex(/^[A-Z0-9-]{1,20}$/, BENEFIT_ADMIN_MSG.prefixoInvalido)),
    estoque: optional(integer(0, 10_000_000, BENEFIT_ADMIN_MSG.estoqueInvalido)),
    ordem: integer(-1_000_000, 1_000_000, BENEFIT_ADMIN_MSG.ordemInvalida),
    experiencia: optional(z.enum(BENEFIT_EXPERIENCES)),
    ativo: z.boolean(),
  })
  .superRefine((b, ctx) => {
    if (b.inicio && b.fim && b.fim <= b.inicio) ctx.addIssue({ code: 'custom', path: ['fim'], message: BENEFIT_ADMIN_MSG.janelaInvalida });
    if (!b.evento && b.opcoes.length) ctx.addIssue({ code: 'custom', path: ['opcoes'], message: BENEFIT_ADMIN_MSG.opcoesSoEmEventos });
  });
export type BenefitForm = z.output<typeof benefitFormSchema>;
export type BenefitFormInput = z.input<typeof benefitFormSchema>;

/** Where a benefit is in its life, whoever looks: archived (inactive), not yet open, over, out of stock, open. */
export const BENEFIT_STATUSES = ['ativo', 'em-breve', 'encerrado', 'esgotado', 'arquivado'] as const;
export type BenefitStatus = (typeof BENEFIT_STATUSES)[number];
export const STATUS_LABELS: Record<BenefitStatus, string> = { ativo: 'No ar', 'em-breve': 'Em breve', encerrado: 'Encerrado', esgotado: 'Esgotado', arquivado: 'Arquivado' };
export const STATE_LABELS: Record<(typeof BENEFIT_STATES)[number], string> = {
  resgatavel: 'Resgatável',
  bloqueado: 'Bloqueado',
  esgotado: 'Esgotado',
  resgatado: 'Resgatado',
  utilizado: 'Utilizado',
};

/** A row of the list. `estado` is the card state a member in the audience with a complete profile, enough pontos and no redemption would see. */
export const benefitAdminItemSchema = z.object({
  id: z.number().int(),
  chave: z.string(),
  nome: z.string(),
  urlImagem: z.string(),
  valor: z.number().int(),
  evento: z.boolean(),
  inicio: z.string().nullable(),
  fim: z.string().nullable(),
  publico: z.array(z.enum(BENEFIT_AUDIENCES)),
  cidades: z.array(z.string()),
  limitePorMembro: z.number().int(),
  modoCupom: z.enum(COUPON_MODES),
  ativo: z.boolean(),
  ordem: z.number().int(),
  situacao: z.enum(BENEFIT_STATUSES),
  estado: z.enum(BENEFIT_STATES),
  codigoBloqueio: z.enum(BLOCK_CODES).nullable(),
  resgates: z.number().int(),
  atualizadoEm: z.string(),
});
export type BenefitAdminItem = z.infer<typeof benefitAdminItemSchema>;

export const BENEFITS_SORTABLE = ['ordem', 'nome', 'valor', 'inicio', 'atualizadoEm'] as const;
export const benefitListQuerySchema = adminPageQuerySchema(BENEFITS_SORTABLE).extend({
  busca: z.string().trim().max(120).optional(),
  situacao: z.enum(BENEFIT_STATUSES).optional(),
});
export type BenefitListQuery = z.infer<typeof benefitListQuerySchema>;
export const benefitListSchema = adminPageSchema(benefitAdminItemSchema);

/** GET /api/admin/beneficios/{id}: the editable definition (the form's values) with what it can't change. */
export const benefitAdminSchema = z.object({
  id: z.number().int(),
  form: z.object({
    chave: z.string(),
    nome: z.string(),
    tipo: z.string(),
    descricao: z.string().nullable(),
    urlImagem: z.string(),
    valor: z.number().int(),
    textoLegal: z.string(),
    urlBeneficio: z.string().nullable(),
    percentualDesconto: z.number().int().nullable(),
    inicio: z.string().nullable(),
    fim: z.string().nullable(),
    evento: z.boolean(),
    dataEvento: z.string().nullable(),
    opcoes: z.array(z.object({ id: z.number().int(), nome: z.string(), data: z.string(), estoque: z.number().int().nullable() })),
    publico: z.array(z.enum(BENEFIT_AUDIENCES)),
    cidades: z.array(z.string()),
    limitePorMembro: z.number().int(),
    modoCupom: z.enum(COUPON_MODES),
    prefixoCupom: z.string().nullable(),
    estoque: z.number().int().nullable(),
    ordem: z.number().int(),
    experiencia: z.enum(BENEFIT_EXPERIENCES).nullable(),
    ativo: z.boolean(),
  }),
  situacao: z.enum(BENEFIT_STATUSES),
  resgates: z.number().int(),
  criadoEm: z.string(),
  atualizadoEm: z.string(),
});
export type BenefitAdmin = z.infer<typeof benefitAdminSchema>;

export const benefitAdminIdParamsSchema = z.object({
  id: z.coerce.number({ error: BENEFIT_ADMIN_MSG.idInvalido }).int(BENEFIT_ADMIN_MSG.idInvalido).positive(BENEFIT_ADMIN_MSG.idInvalido).max(2_147_483_647, BENEFIT_ADMIN_MSG.idInvalido),
});

/** Who the preview is for: the member kind, city, balance, and how often they already redeemed it. */
export const memberPreviewSchema = z.object({
  tipo: z.enum(BENEFIT_AUDIENCES),
  cidade: z.string().trim().max(80),
  saldo: integer(0, 1_000_000, BENEFIT_ADMIN_MSG.saldoInvalido),
  resgates: integer(0, 100, BENEFIT_ADMIN_MSG.resgatesInvalido),
  /** Their last coupon was used at the store. */
  cupomUsado: z.boolean(),
  /** Profile complete and portal personalised (otherwise every card is locked). */
  perfilCompleto: z.boolean(),
  /** The moment to look at (São Paulo); absent = now. */
  em: optional(dateTime).optional(),
});
export type MemberPreview = z.infer<typeof memberPreviewSchema>;

/** POST /api/admin/beneficios/previa: the form as it is now (saved or not) and the member. */
export const benefitPreviewBodySchema = z.object({
  id: z.number().int().positive().max(2_147_483_647, BENEFIT_ADMIN_MSG.idInvalido).optional(),
  beneficio: benefitFormSchema,
  membro: memberPreviewSchema,
});
export const benefitPreviewSchema = z.object({
  /** Whether this member sees the card at all; when not, why. */
  visivel: z.boolean(),
  motivo: z.string().nullable(),
  /** The card exactly as GET /beneficio would give it to this member. */
  card: benefitSchema,
});
export type BenefitPreviewData = z.infer<typeof benefitPreviewSchema>;
