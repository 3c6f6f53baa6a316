import { z } from 'zod';
import { PROFILES } from './usuario';

// Banners of the member home (spec 000 sections 2, 4, 5, 9; issue #6). Everything a banner shows,
// when and to whom, is data in the database (docs/decisions/0012-banners-faq.md): no dates or
// cities live in the web code.

/**
 * GET /banner: the hero images of the home banner. The server answers the active ones; the web
 * app picks the one whose perfil and lead match the member (perfil 'geral' and lead null are the
 * fallbacks).
 */
export const bannerHomeSchema = z.object({
  id: z.number().int(),
  nome: z.string(),
  perfil: z.enum(PROFILES).describe("Perfil a que se destina ('geral' = qualquer um)"),
  lead: z.boolean().nullable().describe('true: só leads; false: só não leads; null: todos'),
  urlImagemMobile: z.string(),
  urlImagemDesktop: z.string(),
  textoAlternativo: z.string(),
});
export type BannerHome = z.infer<typeof bannerHomeSchema>;
export const bannerHomeListSchema = z.array(bannerHomeSchema);

/** Regions of the site banners (bannerRegiao). */
export const BANNER_REGIONS = ['exclusivo', 'pre-venda', 'lancamento'] as const;
export type BannerRegion = (typeof BANNER_REGIONS)[number];

export const entryTabSchema = z.object({
  sobre: z.string(),
  cores: z.array(z.object({ nome: z.string(), hex: z.string() })),
  produtos: z.array(z.object({ nome: z.string(), urlImagem: z.string() })),
});
export type EntryTabs = z.infer<typeof entryTabSchema>;

/**
 * GET /bannersite/ativos: the site banners the logged member may see right now. The server
 * applies the date window (inicio..fim), the cities, and the audience (exclusive banners: not
 * staff, not lead), so the web app shows what it gets.
 *  - exclusivo: the exclusive benefit banner (spec 000 sections 5 and 9), links to a benefit;
 *  - pre-venda: countdown to contagemAte, then the button (textoBotao -> urlLink);
 *  - lancamento: 'coming soon' with the tabs Sobre, Cores, Produtos (abas).
 */
export const bannerSiteSchema = z.object({
  id: z.number().int(),
  nomeBannerSite: z.string(),
  bannerRegiao: z.enum(BANNER_REGIONS),
  titulo: z.string(),
  texto: z.string(),
  urlImagem: z.string(),
  urlImagemMobile: z.string().nullable(),
  urlLink: z.string().nullable(),
  textoBotao: z.string().nullable(),
  idBeneficio: z.number().int().nullable(),
  inicio: z.string().describe('ISO'),
  fim: z.string().describe('ISO'),
  contagemAte: z.string().nullable().describe('ISO: alvo da contagem regressiva (pré-venda)'),
  abas: entryTabSchema.nullable(),
});
export type BannerSite = z.infer<typeof bannerSiteSchema>;
export const bannerSiteListSchema = z.array(bannerSiteSchema);

/** GET /BannerSite/recomendacao/?hash={hashUsuario}: recommendation pairs for that member. */
// The same message when hash is missing altogether (?hash absent) as when it is blank.
export const recommendationQuerySchema = z.object({ hash: z.string({ error: 'Informe o hash do usuário.' }).trim().min(1, 'Informe o hash do usuário.') });
export const recommendationSchema = z.object({
  produto: z.string(),
  produto2: z.string(),
  img1: z.string(),
  img2: z.string(),
  urlSite: z.string(),
  urlSite2: z.string(),
});
export type Recommendation = z.infer<typeof recommendationSchema>;
export const recommendationListSchema = z.array(recommendationSchema);

export const BANNER_MSG = {
  hashDeOutroUsuario: 'Essas recomendações são de outro usuário.',
} as const;
