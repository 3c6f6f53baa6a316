import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { BANNER_ADMIN_MSG, mainBannerInputSchema, bannerSiteInputSchema, type BannerPreview, type MainBannerAdmin, type BannerSiteAdmin, type BannersAdmin } from '@legiao/contracts/admin/banners';
import { PROFILES } from '@legiao/contracts/usuario';
import type { Db } from '../../../db/prisma.js';
import { Prisma, type Banner, type BannerSite, type RegiaoBannerSite } from '../../../generated/prisma/client.js';
import { notFound } from '../../../errors/app-error.js';
import { loadSiteBanners, listBannersHome, listActiveSiteBanners, toBannerSite } from '../../banner/banner.service.js';

// Staff edit the two banner tables the member home reads (ADR 0012); both are in the content cache
// with NOTIFY triggers (ADR 0019), so a change shows on every process's next home. ADR 0029.

type Tx = Prisma.TransactionClient;
type MainInput = z.output<typeof mainBannerInputSchema>;
type SiteInput = z.output<typeof bannerSiteInputSchema>;

const order = [{ ordem: 'asc' as const }, { id: 'asc' as const }];
const REGION_DB: Record<SiteInput['regiao'], RegiaoBannerSite> = { exclusivo: 'exclusivo', 'pre-venda': 'pre_venda', lancamento: 'lancamento' };
type Profile = (typeof PROFILES)[number];

export function toMainAdmin(b: Banner): MainBannerAdmin {
  return {
    id: b.id,
    chave: b.chave,
    nome: b.nome,
    perfil: ((PROFILES as readonly string[]).includes(b.perfil) ? b.perfil : 'geral') as Profile,
    lead: b.lead,
    urlImagemMobile: b.urlImagemMobile,
    urlImagemDesktop: b.urlImagemDesktop,
    textoAlternativo: b.textoAlternativo,
    ativo: b.ativo,
    ordem: b.ordem,
  };
}

export const toSiteAdmin = (b: BannerSite): BannerSiteAdmin => ({ ...toBannerSite(b), chave: b.chave, cidades: b.cidades, ativo: b.ativo, ordem: b.ordem });

export async function listBannersAdmin(db: Db): Promise<BannersAdmin> {
  const [main, site] = await Promise.all([db.banner.findMany({ orderBy: order }), db.bannerSite.findMany({ orderBy: order })]);
  return { principais: main.map(toMainAdmin), site: site.map(toSiteAdmin) };
}

const mainData = (i: MainInput) => ({
  nome: i.nome,
  perfil: i.perfil,
  lead: i.lead,
  urlImagemDesktop: i.urlImagemDesktop,
  urlImagemMobile: i.urlImagemMobile,
  textoAlternativo: i.textoAlternativo,
  ativo: i.ativo,
});

const siteData = (i: SiteInput) => ({
  nome: i.nome,
  regiao: REGION_DB[i.regiao],
  titulo: i.titulo,
  texto: i.texto,
  urlImagem: i.urlImagem,
  urlImagemMobile: i.urlImagemMobile ?? null,
  urlLink: i.urlLink ?? null,
  textoBotao: i.textoBotao ?? null,
  beneficioId: i.idBeneficio ?? null,
  inicio: new Date(i.inicio),
  fim: new Date(i.fim),
  contagemAte: i.regiao === 'pre-venda' && i.contagemAte ? new Date(i.contagemAte) : null,
  cidades: [...new Set(i.cidades)],
  abas: i.regiao === 'lancamento' && i.abas ? (i.abas as Prisma.InputJsonValue) : Prisma.DbNull,
  ativo: i.ativo,
});

/** A new banner goes last; its chave (the seed's handle) is generated. */
async function nextOrder(tx: Tx, table: 'banner' | 'banner_site'): Promise<number> {
  const [r] = await tx.$queryRawUnsafe<{ m: number | null }[]>(`SELECT max(ordem) AS m FROM ${table}`);
  return (r?.m ?? 0) + 1;
}

export async function createMain(tx: Tx, i: MainInput): Promise<Banner> {
  return tx.banner.create({ data: { ...mainData(i), chave: `admin-${randomUUID()}`, ordem: await nextOrder(tx, 'banner') } });
}

export async function createSite(tx: Tx, i: SiteInput): Promise<BannerSite> {
  return tx.bannerSite.create({ data: { ...siteData(i), chave: `admin-${randomUUID()}`, ordem: await nextOrder(tx, 'banner_site') } });
}

async function lockMain(tx: Tx, id: number): Promise<Banner> {
  const rows = await tx.$queryRaw<{ id: number }[]>`SELECT id FROM banner WHERE id = ${id} FOR UPDATE`;
  if (!rows.length) throw notFound(BANNER_ADMIN_MSG.naoEncontrado);
  return tx.banner.findUniqueOrThrow({ where: { id } });
}

async function lockSite(tx: Tx, id: number): Promise<BannerSite> {
  const rows = await tx.$queryRaw<{ id: number }[]>`SELECT id FROM banner_site WHERE id = ${id} FOR UPDATE`;
  if (!rows.length) throw notFound(BANNER_ADMIN_MSG.naoEncontrado);
  return tx.bannerSite.findUniqueOrThrow({ where: { id } });
}

export async function editMain(tx: Tx, id: number, i: MainInput) {
  const before = await lockMain(tx, id);
  const after = await tx.banner.update({ where: { id }, data: mainData(i) });
  return { antes: before, depois: after };
}

export async function editSite(tx: Tx, id: number, i: SiteInput) {
  const before = await lockSite(tx, id);
  const after = await tx.bannerSite.update({ where: { id }, data: siteData(i) });
  return { antes: before, depois: after };
}

export async function removeMain(tx: Tx, id: number): Promise<Banner> {
  const before = await lockMain(tx, id);
  await tx.banner.delete({ where: { id } });
  return before;
}

export async function removeSite(tx: Tx, id: number): Promise<BannerSite> {
  const before = await lockSite(tx, id);
  await tx.bannerSite.delete({ where: { id } });
  return before;
}

/**
 * A new order for some banners of one table (a drag on the screen, or every banner of a region):
 * they take, in the order given, the places they held among all the table's banners; the others
 * keep theirs. The whole table is renumbered 1..n, so ties left by seeds or hand edits disappear.
 * A banner created meanwhile on another screen keeps its place. The table is locked against other
 * writers for the transaction, so two reorders don't interleave.
 */
export async function sort(tx: Tx, table: 'banner' | 'banner_site', ids: number[]): Promise<{ antes: number[]; depois: number[] }> {
  await tx.$executeRawUnsafe(`LOCK TABLE ${table} IN SHARE ROW EXCLUSIVE MODE`);
  const before = (await tx.$queryRawUnsafe<{ id: number }[]>(`SELECT id FROM ${table} ORDER BY ordem, id`)).map((r) => r.id);
  const moved = new Set(ids);
  const existing = new Set(before);
  if (ids.some((id) => !existing.has(id))) throw notFound(BANNER_ADMIN_MSG.naoEncontrado);
  const waitingRoom = [...ids];
  const after = before.map((id) => (moved.has(id) ? (waitingRoom.shift() as number) : id));
  await tx.$executeRawUnsafe(`UPDATE ${table} AS t SET ordem = o.pos FROM unnest($1::int[]) WITH ORDINALITY AS o(id, pos) WHERE t.id = o.id AND t.ordem <> o.pos`, after);
  return { antes: before, depois: after };
}

/**
 * "What would this member see at that moment?": the member home's own functions (GET /banner and
 * GET /bannersite/ativos) run with the chosen type, city and moment instead of the caller's.
 */
export async function previewBanners(db: Db, who: { tipo: 'legionario' | 'lead' | 'colaborador'; cidade: string }, at: Date): Promise<BannerPreview> {
  const [main, activeOnes] = await Promise.all([listBannersHome(db), loadSiteBanners(db)]);
  return { em: at.toISOString(), site: listActiveSiteBanners(activeOnes, { tipo: who.tipo, cidade: who.cidade || null }, at), principais: main };
}
