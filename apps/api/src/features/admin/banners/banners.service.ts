import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { BANNER_ADMIN_MSG, bannerPrincipalInputSchema, bannerSiteInputSchema, type BannerPrevia, type BannerPrincipalAdmin, type BannerSiteAdmin, type BannersAdmin } from '@legiao/contracts/admin/banners';
import { PERFIS } from '@legiao/contracts/usuario';
import type { Db } from '../../../db/prisma.js';
import { Prisma, type Banner, type BannerSite, type RegiaoBannerSite } from '../../../generated/prisma/client.js';
import { notFound } from '../../../errors/app-error.js';
import { carregarBannersSite, listarBannersHome, listarBannersSiteAtivos, toBannerSite } from '../../banner/banner.service.js';

// Staff edit the two banner tables the member home reads (ADR 0012); both are in the content cache
// with NOTIFY triggers (ADR 0019), so a change shows on every process's next home. ADR 0029.

type Tx = Prisma.TransactionClient;
type PrincipalInput = z.output<typeof bannerPrincipalInputSchema>;
type SiteInput = z.output<typeof bannerSiteInputSchema>;

const ordem = [{ ordem: 'asc' as const }, { id: 'asc' as const }];
const REGIAO_DB: Record<SiteInput['regiao'], RegiaoBannerSite> = { exclusivo: 'exclusivo', 'pre-venda': 'pre_venda', lancamento: 'lancamento' };
type Perfil = (typeof PERFIS)[number];

export function toPrincipalAdmin(b: Banner): BannerPrincipalAdmin {
  return {
    id: b.id,
    chave: b.chave,
    nome: b.nome,
    perfil: ((PERFIS as readonly string[]).includes(b.perfil) ? b.perfil : 'geral') as Perfil,
    lead: b.lead,
    urlImagemMobile: b.urlImagemMobile,
    urlImagemDesktop: b.urlImagemDesktop,
    textoAlternativo: b.textoAlternativo,
    ativo: b.ativo,
    ordem: b.ordem,
  };
}

export const toSiteAdmin = (b: BannerSite): BannerSiteAdmin => ({ ...toBannerSite(b), chave: b.chave, cidades: b.cidades, ativo: b.ativo, ordem: b.ordem });

export async function listarBannersAdmin(db: Db): Promise<BannersAdmin> {
  const [principais, site] = await Promise.all([db.banner.findMany({ orderBy: ordem }), db.bannerSite.findMany({ orderBy: ordem })]);
  return { principais: principais.map(toPrincipalAdmin), site: site.map(toSiteAdmin) };
}

const dadosPrincipal = (i: PrincipalInput) => ({
  nome: i.nome,
  perfil: i.perfil,
  lead: i.lead,
  urlImagemDesktop: i.urlImagemDesktop,
  urlImagemMobile: i.urlImagemMobile,
  textoAlternativo: i.textoAlternativo,
  ativo: i.ativo,
});

const dadosSite = (i: SiteInput) => ({
  nome: i.nome,
  regiao: REGIAO_DB[i.regiao],
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
async function proximaOrdem(tx: Tx, tabela: 'banner' | 'banner_site'): Promise<number> {
  const [r] = await tx.$queryRawUnsafe<{ m: number | null }[]>(`SELECT max(ordem) AS m FROM ${tabela}`);
  return (r?.m ?? 0) + 1;
}

export async function criarPrincipal(tx: Tx, i: PrincipalInput): Promise<Banner> {
  return tx.banner.create({ data: { ...dadosPrincipal(i), chave: `admin-${randomUUID()}`, ordem: await proximaOrdem(tx, 'banner') } });
}

export async function criarSite(tx: Tx, i: SiteInput): Promise<BannerSite> {
  return tx.bannerSite.create({ data: { ...dadosSite(i), chave: `admin-${randomUUID()}`, ordem: await proximaOrdem(tx, 'banner_site') } });
}

async function lockPrincipal(tx: Tx, id: number): Promise<Banner> {
  const rows = await tx.$queryRaw<{ id: number }[]>`SELECT id FROM banner WHERE id = ${id} FOR UPDATE`;
  if (!rows.length) throw notFound(BANNER_ADMIN_MSG.naoEncontrado);
  return tx.banner.findUniqueOrThrow({ where: { id } });
}

async function lockSite(tx: Tx, id: number): Promise<BannerSite> {
  const rows = await tx.$queryRaw<{ id: number }[]>`SELECT id FROM banner_site WHERE id = ${id} FOR UPDATE`;
  if (!rows.length) throw notFound(BANNER_ADMIN_MSG.naoEncontrado);
  return tx.bannerSite.findUniqueOrThrow({ where: { id } });
}

export async function editarPrincipal(tx: Tx, id: number, i: PrincipalInput) {
  const antes = await lockPrincipal(tx, id);
  const depois = await tx.banner.update({ where: { id }, data: dadosPrincipal(i) });
  return { antes, depois };
}

export async function editarSite(tx: Tx, id: number, i: SiteInput) {
  const antes = await lockSite(tx, id);
  const depois = await tx.bannerSite.update({ where: { id }, data: dadosSite(i) });
  return { antes, depois };
}

export async function removerPrincipal(tx: Tx, id: number): Promise<Banner> {
  const antes = await lockPrincipal(tx, id);
  await tx.banner.delete({ where: { id } });
  return antes;
}

export async function removerSite(tx: Tx, id: number): Promise<BannerSite> {
  const antes = await lockSite(tx, id);
  await tx.bannerSite.delete({ where: { id } });
  return antes;
}

/**
 * A new order for some banners of one table (a drag on the screen, or every banner of a region):
 * they take, in the order given, the places they held among all the table's banners; the others
 * keep theirs. The whole table is renumbered 1..n, so ties left by seeds or hand edits disappear.
 * A banner created meanwhile on another screen keeps its place. The table is locked against other
 * writers for the transaction, so two reorders don't interleave.
 */
export async function ordenar(tx: Tx, tabela: 'banner' | 'banner_site', ids: number[]): Promise<{ antes: number[]; depois: number[] }> {
  await tx.$executeRawUnsafe(`LOCK TABLE ${tabela} IN SHARE ROW EXCLUSIVE MODE`);
  const antes = (await tx.$queryRawUnsafe<{ id: number }[]>(`SELECT id FROM ${tabela} ORDER BY ordem, id`)).map((r) => r.id);
  const movidos = new Set(ids);
  const existentes = new Set(antes);
  if (ids.some((id) => !existentes.has(id))) throw notFound(BANNER_ADMIN_MSG.naoEncontrado);
  const fila = [...ids];
  const depois = antes.map((id) => (movidos.has(id) ? (fila.shift() as number) : id));
  await tx.$executeRawUnsafe(`UPDATE ${tabela} AS t SET ordem = o.pos FROM unnest($1::int[]) WITH ORDINALITY AS o(id, pos) WHERE t.id = o.id AND t.ordem <> o.pos`, depois);
  return { antes, depois };
}

/**
 * "What would this member see at that moment?": the member home's own functions (GET /banner and
 * GET /bannersite/ativos) run with the chosen type, city and moment instead of the caller's.
 */
export async function previaBanners(db: Db, quem: { tipo: 'legionario' | 'lead' | 'colaborador'; cidade: string }, em: Date): Promise<BannerPrevia> {
  const [principais, ativos] = await Promise.all([listarBannersHome(db), carregarBannersSite(db)]);
  return { em: em.toISOString(), site: listarBannersSiteAtivos(ativos, { tipo: quem.tipo, cidade: quem.cidade || null }, em), principais };
}
