import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BANNER_MSG, bannerHomeListSchema, bannerSiteListSchema, recommendationListSchema, type BannerSite } from '@legiao/contracts/banner';
import type { Prisma } from '../src/generated/prisma/client.js';
import { seedBenefits } from '../src/db/seed-economy.js';
import { ENTRY_TABS, BANNERS_HOME_DEMO, bannersSiteDemo, FAQ_DEMO, SALVADOR_AND_REGION, seedEngagementDemo } from '../src/db/seed-engagement.js';
import { searchName } from '../src/features/produto/name-search.js';
import { buildTestApp, type TestApp } from './support/app.js';
import { expectError } from './support/factories.js';
import { createEconomyMember } from './beneficio-fixtures.js';
import { createEntry, createProduct, uniqueToken } from './produto-fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const HOUR = 3600_000;
const DAY = 24 * HOUR;
const nowPlus = (ms: number) => new Date(Date.now() + ms);

const activeOnes = async (headers: Headers) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/bannersite/ativos', headers });
  expect(res.statusCode, res.body).toBe(200);
  return bannerSiteListSchema.parse(res.json());
};

/** A site banner open now, for everyone, unless told otherwise. */
async function createBannerSite(data: Partial<Prisma.BannerSiteUncheckedCreateInput> = {}) {
  const tag = randomUUID().slice(0, 8);
  return t.prisma.bannerSite.create({
    data: {
      chave: `teste-${tag}`,
      nome: `Banner ${tag}`,
      regiao: 'exclusivo',
      titulo: 'Título',
      texto: 'Texto',
      urlImagem: '/banners/exclusivo-desktop.svg',
      inicio: nowPlus(-HOUR),
      fim: nowPlus(HOUR),
      cidades: [],
      ...data,
    },
  });
}

describe('GET /api/banner', () => {
  it('answers the active hero images with perfil and lead; inactive ones are left out', async () => {
    const m = await createEconomyMember(t.app, t.prisma);
    const tag = randomUUID().slice(0, 8);
    const active = await t.prisma.banner.create({
      data: { chave: `b-${tag}`, nome: 'Lead', perfil: 'geral', lead: true, urlImagemMobile: '/banners/home-lead-mobile.svg', urlImagemDesktop: '/banners/home-lead-desktop.svg', textoAlternativo: 'Alt' },
    });
    const inactive = await t.prisma.banner.create({
      data: { chave: `i-${tag}`, nome: 'Velho', perfil: 'outsider', urlImagemMobile: '/m.svg', urlImagemDesktop: '/d.svg', textoAlternativo: 'Alt', ativo: false },
    });
    const res = await t.app.inject({ method: 'GET', url: '/api/Banner', headers: m.headers });
    expect(res.statusCode, res.body).toBe(200);
    const list = bannerHomeListSchema.parse(res.json());
    expect(list.find((b) => b.id === active.id)).toEqual({
      id: active.id,
      nome: 'Lead',
      perfil: 'geral',
      lead: true,
      urlImagemMobile: '/banners/home-lead-mobile.svg',
      urlImagemDesktop: '/banners/home-lead-desktop.svg',
      textoAlternativo: 'Alt',
    });
    expect(list.some((b) => b.id === inactive.id)).toBe(false);
  });

  it('needs a session', async () => {
    expectError(await t.app.inject({ method: 'GET', url: '/api/banner' }), 401);
    expectError(await t.app.inject({ method: 'GET', url: '/api/bannersite/ativos' }), 401);
    expectError(await t.app.inject({ method: 'GET', url: '/api/bannersite/recomendacao?hash=x' }), 401);
  });
});

describe('GET /api/bannersite/ativos', () => {
  it('answers the spec fields, abas of a launch, and only banners inside their window', async () => {
    const m = await createEconomyMember(t.app, t.prisma);
    const launch = await createBannerSite({
      regiao: 'lancamento', urlImagemMobile: '/banners/lancamento-mobile.svg', urlLink: 'https://loja.legiao.dev/aurora', textoBotao: 'Saiba mais',
      abas: ENTRY_TABS as unknown as Prisma.InputJsonValue,
    });
    const presale = await createBannerSite({ regiao: 'pre_venda', contagemAte: nowPlus(3 * DAY), fim: nowPlus(365 * DAY) });
    const broken = await createBannerSite({ regiao: 'lancamento', abas: { sobre: 1 } });
    const future = await createBannerSite({ inicio: nowPlus(HOUR), fim: nowPlus(2 * HOUR) });
    const closed = await createBannerSite({ inicio: nowPlus(-2 * HOUR), fim: nowPlus(-1000) });
    const inactive = await createBannerSite({ ativo: false });

    const list = await activeOnes(m.headers);
    const launchBanner = list.find((b) => b.id === launch.id);
    expect(launchBanner).toEqual({
      id: launch.id,
      nomeBannerSite: launch.nome,
      bannerRegiao: 'lancamento',
      titulo: 'Título',
      texto: 'Texto',
      urlImagem: '/banners/exclusivo-desktop.svg',
      urlImagemMobile: '/banners/lancamento-mobile.svg',
      urlLink: 'https://loja.legiao.dev/aurora',
      textoBotao: 'Saiba mais',
      idBeneficio: null,
      inicio: launch.inicio.toISOString(),
      fim: launch.fim.toISOString(),
      contagemAte: null,
      abas: ENTRY_TABS,
    } satisfies BannerSite);
    expect(list.find((b) => b.id === presale.id)).toMatchObject({ bannerRegiao: 'pre-venda', contagemAte: presale.contagemAte!.toISOString() });
    // Malformed tabs (a hand edit) hide the tabs, not the banner nor the home.
    expect(list.find((b) => b.id === broken.id)).toMatchObject({ abas: null });
    const ids = list.map((b) => b.id);
    for (const outside of [future, closed, inactive]) expect(ids).not.toContain(outside.id);
  });

  it('shows an exclusive banner only to non-staff, non-lead members of its cities (without accents or case)', async () => {
    const [niteroi, withoutAccent, paulista, withoutCity, staff, lead, staffNiteroi] = await Promise.all([
      createEconomyMember(t.app, t.prisma, { cidade: 'Niterói' }),
      createEconomyMember(t.app, t.prisma, { cidade: '  NITEROI ' }),
      createEconomyMember(t.app, t.prisma, { cidade: 'São Paulo' }),
      createEconomyMember(t.app, t.prisma),
      createEconomyMember(t.app, t.prisma, { tipo: 'colaborador' }),
      createEconomyMember(t.app, t.prisma, { tipo: 'lead', perfil: null }),
      createEconomyMember(t.app, t.prisma, { tipo: 'colaborador', cidade: 'Niterói' }),
    ]);
    await t.prisma.usuario.update({ where: { id: withoutCity.usuario.id }, data: { cidade: null } });
    const exclusiveCities = await createBannerSite({ cidades: ['Niterói', 'Salvador'] });
    const exclusiveAll = await createBannerSite();
    const presaleCities = await createBannerSite({ regiao: 'pre_venda', cidades: ['Niterói'] });
    const allEntries = await createBannerSite({ regiao: 'lancamento' });

    const seen = async (m: { headers: Headers }) => {
      const ids = new Set((await activeOnes(m.headers)).map((b) => b.id));
      return [exclusiveCities, exclusiveAll, presaleCities, allEntries].filter((b) => ids.has(b.id)).map((b) => b.id);
    };
    expect(await seen(niteroi)).toEqual([exclusiveCities.id, exclusiveAll.id, presaleCities.id, allEntries.id]);
    expect(await seen(withoutAccent)).toEqual([exclusiveCities.id, exclusiveAll.id, presaleCities.id, allEntries.id]);
    expect(await seen(paulista)).toEqual([exclusiveAll.id, allEntries.id]);
    expect(await seen(withoutCity)).toEqual([exclusiveAll.id, allEntries.id]);
    // Staff and leads never get exclusive banners, whatever their city; other regions they do.
    expect(await seen(staff)).toEqual([allEntries.id]);
    expect(await seen(lead)).toEqual([allEntries.id]);
    expect(await seen(staffNiteroi)).toEqual([presaleCities.id, allEntries.id]);
  });

  it('the window is data: a banner opens at inicio and closes after fim', async () => {
    const m = await createEconomyMember(t.app, t.prisma);
    const b = await createBannerSite({ inicio: nowPlus(DAY), fim: nowPlus(2 * DAY) });
    expect((await activeOnes(m.headers)).map((x) => x.id)).not.toContain(b.id);
    await t.prisma.bannerSite.update({ where: { id: b.id }, data: { inicio: nowPlus(-DAY) } });
    expect((await activeOnes(m.headers)).map((x) => x.id)).toContain(b.id);
    await t.prisma.bannerSite.update({ where: { id: b.id }, data: { fim: nowPlus(-1000) } });
    expect((await activeOnes(m.headers)).map((x) => x.id)).not.toContain(b.id);
  });
});

describe('GET /api/BannerSite/recomendacao/?hash=', () => {
  /** Lines of their own (unique subcategoria), as popular as a product can be. */
  const line = (category: string, token: string, i: number) =>
    createProduct(t.prisma, { nome: `${category} Recomendado ${token} ${i}`, categoria: category, subcategoria: `Linha ${token} ${category} ${i}`, numerosAtribuidos: 1913 });

  it("pairs products the member doesn't own, her perfil's categories first, with store links", async () => {
    const token = uniqueToken();
    await Promise.all([
      ...[1, 2, 3].map((i) => line('Bar', token, i)),
      line('Café', token, 1),
      ...[1, 2].map((i) => line('Camping', token, i)),
      ...[1, 2].map((i) => line('Hidratação', token, i)),
    ]);
    const m = await createEconomyMember(t.app, t.prisma, { perfil: 'estiloso' });
    // The most popular Bar line, already on her shelf: never recommended.
    const my = await line('Bar', token, 9);
    await createEntry(t.prisma, m.usuario.id, my.id);

    const request = async () => {
      const res = await t.app.inject({ method: 'GET', url: `/api/BannerSite/recomendacao/?hash=${m.usuario.hash}`, headers: m.headers });
      expect(res.statusCode, res.body).toBe(200);
      return recommendationListSchema.parse(res.json());
    };
    const categoryOf = async (name: string) => (await t.prisma.produto.findFirstOrThrow({ where: { nome: name } })).categoria;

    const pairs = await request();
    expect(pairs).toHaveLength(3);
    const names = pairs.flatMap((p) => [p.produto, p.produto2]);
    expect(new Set(names).size).toBe(6);
    expect(names).not.toContain(my.nome);
    // estiloso -> Bar, Café: at least four such lines exist, so they fill the first two pairs.
    for (const name of names.slice(0, 4)) expect(['Bar', 'Café']).toContain(await categoryOf(name));
    const p = pairs[0]!;
    const product = await t.prisma.produto.findFirstOrThrow({ where: { nome: p.produto } });
    expect(p.img1).toBe(product.img);
    expect(p.urlSite).toBe(`https://loja.legiao.dev/produto/${searchName(p.produto).replace(/ /g, '-')}`);
    expect(p.urlSite2).toMatch(/^https:\/\/loja\.legiao\.dev\/produto\/[a-z0-9-]+$/);

    // Another perfil, other categories first (funcional -> Hidratação, Camping).
    await t.prisma.usuario.update({ where: { id: m.usuario.id }, data: { perfil: 'funcional' } });
    const functional = (await request()).flatMap((x) => [x.produto, x.produto2]);
    for (const name of functional.slice(0, 4)) expect(['Hidratação', 'Camping']).toContain(await categoryOf(name));
  });

  it("refuses another member's hash (403) and a missing or blank hash (400)", async () => {
    const [m, other] = await Promise.all([createEconomyMember(t.app, t.prisma), createEconomyMember(t.app, t.prisma)]);
    const get = (q: string) => t.app.inject({ method: 'GET', url: `/api/bannersite/recomendacao${q}`, headers: m.headers });
    expectError(await get(`?hash=${other.usuario.hash}`), 403, BANNER_MSG.hashDeOutroUsuario);
    expectError(await get('?hash=nao-e-um-hash'), 403, BANNER_MSG.hashDeOutroUsuario);
    expectError(await get(''), 400, 'Informe o hash do usuário.');
    expectError(await get('?hash=%20%20'), 400, 'Informe o hash do usuário.');
    expect((await get(`?hash=${m.usuario.hash.toUpperCase()}`)).statusCode).toBe(200);
  });
});

describe('seed-engajamento.ts', () => {
  it('is idempotent and seeds hero images per perfil, the exclusive banners of Niterói and Salvador, a pre-sale and a launch', async () => {
    await seedBenefits(t.prisma);
    await seedEngagementDemo(t.prisma);
    // Other files write banners and FAQs at the same time: the rows of the seed's own keys, not the tables.
    const afternoon = await t.prisma.beneficio.findMany({ where: { chave: { startsWith: 'tardezinha-' } }, select: { id: true, chave: true, inicio: true, fim: true } });
    const siteKeys = bannersSiteDemo(new Date(), new Map(afternoon.map((b) => [b.chave!, b]))).map((b) => b.chave);
    const count = async () => ({
      banners: await t.prisma.banner.findMany({ where: { chave: { in: BANNERS_HOME_DEMO.map((b) => b.chave!) } }, orderBy: { id: 'asc' } }),
      site: await t.prisma.bannerSite.findMany({ where: { chave: { in: siteKeys } }, orderBy: { id: 'asc' } }),
      faq: await t.prisma.faq.findMany({ where: { chave: { in: FAQ_DEMO.map((f) => f.chave) } }, orderBy: { id: 'asc' } }),
    });
    const before = await count();
    expect(await seedEngagementDemo(t.prisma)).toEqual({ banners: 0, bannersSite: 0, faq: 0 });
    expect(await count()).toEqual(before);

    const home = await t.prisma.banner.findMany({ where: { chave: { in: BANNERS_HOME_DEMO.map((b) => b.chave) } } });
    expect(new Set(home.filter((b) => b.lead === false).map((b) => b.perfil))).toEqual(new Set(['funcional', 'outsider', 'estiloso', 'geral']));
    expect(home.filter((b) => b.lead === true).map((b) => b.perfil)).toEqual(['geral']);

    const afternoons = new Map((await t.prisma.beneficio.findMany({ where: { chave: { startsWith: 'tardezinha-' } } })).map((b) => [b.chave, b.id]));
    const [niteroi, salvador, camacari, paulista, staff] = await Promise.all([
      createEconomyMember(t.app, t.prisma, { cidade: 'Niterói' }),
      createEconomyMember(t.app, t.prisma, { cidade: 'Salvador' }),
      createEconomyMember(t.app, t.prisma, { cidade: 'Camacari' }),
      createEconomyMember(t.app, t.prisma, { cidade: 'São Paulo' }),
      createEconomyMember(t.app, t.prisma, { tipo: 'colaborador', cidade: 'Niterói' }),
    ]);
    const seeded = (l: BannerSite[]) => l.filter((b) => ['Exclusivo Niterói', 'Exclusivo Salvador', 'Exclusivo 2025', 'Pré-venda Garrafa 1913', 'Lançamento Aurora'].includes(b.nomeBannerSite));
    const forNiteroi = seeded(await activeOnes(niteroi.headers));
    expect(forNiteroi.map((b) => [b.bannerRegiao, b.idBeneficio])).toEqual([['exclusivo', afternoons.get('tardezinha-niteroi')], ['pre-venda', null], ['lancamento', null]]);
    for (const m of [salvador, camacari]) {
      expect(seeded(await activeOnes(m.headers)).map((b) => [b.bannerRegiao, b.idBeneficio])).toEqual([['exclusivo', afternoons.get('tardezinha-salvador')], ['pre-venda', null], ['lancamento', null]]);
    }
    expect(seeded(await activeOnes(paulista.headers)).map((b) => b.bannerRegiao)).toEqual(['pre-venda', 'lancamento']);
    expect(seeded(await activeOnes(staff.headers)).map((b) => b.bannerRegiao)).toEqual(['pre-venda', 'lancamento']);

    // The pre-sale counts down to a moment days ahead and stays open for a year; the launch has its tabs.
    const presale = forNiteroi.find((b) => b.bannerRegiao === 'pre-venda')!;
    const missing = Date.parse(presale.contagemAte!) - Date.now();
    expect(missing).toBeGreaterThan(0);
    expect(missing).toBeLessThan(5 * DAY);
    expect(Date.parse(presale.fim) - Date.now()).toBeGreaterThan(300 * DAY);
    expect(forNiteroi.find((b) => b.bannerRegiao === 'lancamento')!.abas).toEqual(ENTRY_TABS);

    // The spec's 2025 window is in the data, over: nobody sees it.
    const old = await t.prisma.bannerSite.findUniqueOrThrow({ where: { chave: 'exclusivo-2025' } });
    expect([old.inicio.toISOString(), old.fim.toISOString()]).toEqual(['2025-09-01T13:30:00.000Z', '2025-10-16T20:59:59.000Z']);
    expect(old.cidades).toEqual(['Niterói', ...SALVADOR_AND_REGION]);
  });
});
