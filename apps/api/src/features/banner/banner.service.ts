import { entryTabSchema, type BannerHome, type BannerRegion, type BannerSite as BannerSiteWire } from '@legiao/contracts/banner';
import { PROFILES } from '@legiao/contracts/usuario';
import type { Db } from '../../db/prisma.js';
import type { BannerSite, RegiaoBannerSite, Usuario } from '../../generated/prisma/client.js';
import { searchName } from '../produto/name-search.js';

// The home's banners as data (spec 000 sections 2, 4, 5, 9; docs/decisions/0012-banners-faq.md):
// which hero image, which site banner, when and to whom all live in the database, not in the web.

const order = [{ ordem: 'asc' as const }, { id: 'asc' as const }];

type Profile = (typeof PROFILES)[number];
const profileValid = (p: string): Profile => ((PROFILES as readonly string[]).includes(p) ? (p as Profile) : 'geral');

/** GET /banner: every active hero image; the web picks the one for the member's perfil and lead status. */
export async function listBannersHome(prisma: Db): Promise<BannerHome[]> {
  const rows = await prisma.banner.findMany({ where: { ativo: true }, orderBy: order });
  return rows.map((b) => ({
    id: b.id,
    nome: b.nome,
    perfil: profileValid(b.perfil),
    lead: b.lead,
    urlImagemMobile: b.urlImagemMobile,
    urlImagemDesktop: b.urlImagemDesktop,
    textoAlternativo: b.textoAlternativo,
  }));
}

const REGION_WIRE: Record<RegiaoBannerSite, BannerRegion> = { exclusivo: 'exclusivo', pre_venda: 'pre-venda', lancamento: 'lancamento' };

/** Cities compare without case, accents or punctuation ('NITEROI' = 'Niterói'). */
const sameCity = (a: string, b: string) => searchName(a) === searchName(b);

/**
 * Whether the member may see the banner (its dates are checked by the query): in one of its cities
 * when it lists any, and, for an exclusive benefit banner, neither staff nor a lead (spec 000 section 5).
 */
export function bannerVisibleTo(b: Pick<BannerSite, 'regiao' | 'cidades'>, u: Pick<Usuario, 'tipo' | 'cidade'>): boolean {
  if (b.regiao === 'exclusivo' && u.tipo !== 'legionario') return false;
  if (b.cidades.length && !b.cidades.some((c) => sameCity(c, u.cidade ?? ''))) return false;
  return true;
}

export function toBannerSite(b: BannerSite): BannerSiteWire {
  // A malformed abas column (edited by hand) hides the tabs rather than failing the whole home.
  const tabs = b.abas === null ? null : entryTabSchema.safeParse(b.abas);
  return {
    id: b.id,
    nomeBannerSite: b.nome,
    bannerRegiao: REGION_WIRE[b.regiao],
    titulo: b.titulo,
    texto: b.texto,
    urlImagem: b.urlImagem,
    urlImagemMobile: b.urlImagemMobile,
    urlLink: b.urlLink,
    textoBotao: b.textoBotao,
    idBeneficio: b.beneficioId,
    inicio: b.inicio.toISOString(),
    fim: b.fim.toISOString(),
    contagemAte: b.contagemAte?.toISOString() ?? null,
    abas: tabs?.success ? tabs.data : null,
  };
}

/** Every active site banner, whatever its dates: what the content cache keeps (ADR 0019). */
export function loadSiteBanners(prisma: Db): Promise<BannerSite[]> {
  return prisma.bannerSite.findMany({ where: { ativo: true }, orderBy: order });
}

/** GET /bannersite/ativos: of the active site banners, those open right now (inicio <= agora <= fim) that the member may see. */
export function listActiveSiteBanners(activeOnes: BannerSite[], u: Pick<Usuario, 'tipo' | 'cidade'>, now = new Date()): BannerSiteWire[] {
  return activeOnes.filter((b) => b.inicio <= now && b.fim >= now && bannerVisibleTo(b, u)).map(toBannerSite);
}
