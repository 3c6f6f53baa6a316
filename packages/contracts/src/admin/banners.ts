import { z } from 'zod';
import { INT4_MAX } from '../input-guard';
import { entryTabSchema, BANNER_REGIONS, bannerHomeSchema, bannerSiteSchema } from '../banner';
import { PROFILES } from '../usuario';

// Back office: banners (issue 16 item 4; docs/decisions/0029-back-office-content.md). Two tables,
// as the member home reads them (ADR 0012): the hero images (`banner`, picked by perfil and lead)
// and the site banners (`banner_site`: exclusivo, pre-venda, lancamento, each with a window and
// cities). The recommendation strip is computed per member from the catalogue: nothing to edit.

export const BANNER_ADMIN_MSG = {
  naoEncontrado: 'Banner não encontrado.',
  fimAntesDoInicio: 'O fim deve ser depois do início.',
  contagemObrigatoria: 'A pré-venda precisa da data da contagem regressiva.',
  abasSoLancamento: 'As abas (sobre, cores, produtos) são só do lançamento.',
  ordemIncompleta: 'Informe cada banner uma única vez na nova ordem.',
  url: 'Use um endereço deste site (começando com /) ou https://.',
} as const;

const text = (field: string, max: number, min = 1) =>
  z
    .string({ message: `Informe ${field}.` })
    .trim()
    .min(min, { message: `Informe ${field}.` })
    .max(max, { message: `${field.charAt(0).toUpperCase()}${field.slice(1)}: no máximo ${max} caracteres.` });

/** An image or link: same host ('/banners/x.svg') or https. */
export const contentUrlSchema = z
  .string({ message: BANNER_ADMIN_MSG.url })
  .trim()
  .max(500, { message: BANNER_ADMIN_MSG.url })
  .regex(/^(\/[^\s/][^\s]*|https:\/\/[^\s]+)$/, { message: BANNER_ADMIN_MSG.url });

const optional = <T extends z.ZodType>(s: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), s.nullable()).optional();

const instant = (field: string) => z.iso.datetime({ offset: true, message: `${field}: data e hora inválidas.` });

// --- Hero images -------------------------------------------------------------------------------

export const mainBannerInputSchema = z
  .object({
    nome: text('o nome', 120),
    perfil: z.enum(PROFILES, { message: 'Perfil inválido.' }),
    lead: z.boolean({ message: 'Público inválido.' }).nullable(),
    urlImagemDesktop: contentUrlSchema,
    urlImagemMobile: contentUrlSchema,
    textoAlternativo: text('o texto alternativo', 300),
    ativo: z.boolean().default(true),
  })
  .strict();
export type MainBannerInput = z.input<typeof mainBannerInputSchema>;

export const mainBannerAdminSchema = bannerHomeSchema.extend({ chave: z.string(), ativo: z.boolean(), ordem: z.number().int() });
export type MainBannerAdmin = z.infer<typeof mainBannerAdminSchema>;

// --- Site banners ------------------------------------------------------------------------------

export const bannerSiteInputSchema = z
  .object({
    nome: text('o nome', 120),
    regiao: z.enum(BANNER_REGIONS, { message: 'Tipo de banner inválido.' }),
    titulo: text('o título', 200),
    texto: z.string().trim().max(2000, { message: 'Texto: no máximo 2000 caracteres.' }).default(''),
    urlImagem: contentUrlSchema,
    urlImagemMobile: optional(contentUrlSchema),
    urlLink: optional(contentUrlSchema),
    textoBotao: optional(z.string().trim().max(60, { message: 'Texto do botão: no máximo 60 caracteres.' })),
    idBeneficio: z.number().int().positive({ message: 'Benefício inválido.' }).max(INT4_MAX, { message: 'Benefício inválido.' }).nullable().optional(),
    inicio: instant('Início'),
    fim: instant('Fim'),
    contagemAte: instant('Contagem regressiva').nullable().optional(),
    cidades: z.array(text('a cidade', 80)).max(200, { message: 'No máximo 200 cidades.' }).default([]),
    abas: entryTabSchema.nullable().optional(),
    ativo: z.boolean().default(true),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (Date.parse(v.fim) < Date.parse(v.inicio)) ctx.addIssue({ code: 'custom', path: ['fim'], message: BANNER_ADMIN_MSG.fimAntesDoInicio });
    if (v.regiao === 'pre-venda' && !v.contagemAte) ctx.addIssue({ code: 'custom', path: ['contagemAte'], message: BANNER_ADMIN_MSG.contagemObrigatoria });
    if (v.regiao !== 'lancamento' && v.abas) ctx.addIssue({ code: 'custom', path: ['abas'], message: BANNER_ADMIN_MSG.abasSoLancamento });
  });
export type BannerSiteInput = z.input<typeof bannerSiteInputSchema>;

export const bannerSiteAdminSchema = bannerSiteSchema.extend({ chave: z.string(), cidades: z.array(z.string()), ativo: z.boolean(), ordem: z.number().int() });
export type BannerSiteAdmin = z.infer<typeof bannerSiteAdminSchema>;

export const bannersAdminSchema = z.object({ principais: z.array(mainBannerAdminSchema), site: z.array(bannerSiteAdminSchema) });
export type BannersAdmin = z.infer<typeof bannersAdminSchema>;

export const bannerIdParamsSchema = z.object({
  id: z.coerce.number({ message: BANNER_ADMIN_MSG.naoEncontrado }).int({ message: BANNER_ADMIN_MSG.naoEncontrado }).positive({ message: BANNER_ADMIN_MSG.naoEncontrado }).max(INT4_MAX, { message: BANNER_ADMIN_MSG.naoEncontrado }),
});

/** PUT /api/admin/banners/principais-ordem and /site-ordem: some banners in their new order (they swap the places they held). */
export const bannerOrderInputSchema = z
  .object({ ids: z.array(z.number().int().positive().max(INT4_MAX)).min(1, { message: BANNER_ADMIN_MSG.ordemIncompleta }).max(1000) })
  .strict()
  .refine((v) => new Set(v.ids).size === v.ids.length, { message: BANNER_ADMIN_MSG.ordemIncompleta });

// --- Preview -------------------------------------------------------------------------------------

/** Who the preview stands for: what GET /bannersite/ativos reads of a member. */
export const PREVIEW_KINDS = ['legionario', 'lead', 'colaborador'] as const;
export const bannerPreviewQuerySchema = z.object({
  tipo: z.enum(PREVIEW_KINDS, { message: 'Tipo de membro inválido.' }).default('legionario'),
  cidade: z.string().trim().max(80, { message: 'Cidade: no máximo 80 caracteres.' }).default(''),
  perfil: z.enum(PROFILES, { message: 'Perfil inválido.' }).default('geral'),
  /** The moment to look at (ISO); absent = now. */
  data: instant('Data').optional(),
});
export type BannerPreviewQuery = z.input<typeof bannerPreviewQuerySchema>;

export const bannerPreviewSchema = z.object({
  em: z.string(),
  /** Exactly GET /bannersite/ativos's answer for that member at that moment. */
  site: z.array(bannerSiteSchema),
  /** GET /banner's answer (every active hero); the home picks one by perfil and lead (escolherHero). */
  principais: z.array(bannerHomeSchema),
});
export type BannerPreview = z.infer<typeof bannerPreviewSchema>;
