import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BANNER_MSG, bannerHomeListSchema, bannerSiteListSchema, recomendacaoListSchema, type BannerSite } from '@legiao/contracts/banner';
import type { Prisma } from '../src/generated/prisma/client.js';
import { seedBeneficios } from '../src/db/seed-economia.js';
import { ABAS_LANCAMENTO, BANNERS_HOME_DEMO, SALVADOR_E_REGIAO, seedEngajamentoDemo } from '../src/db/seed-engajamento.js';
import { nomeParaBusca } from '../src/features/produto/nome-busca.js';
import { buildTestApp, type TestApp } from './support/app.js';
import { expectError } from './support/factories.js';
import { createMembroEconomia } from './beneficio-fixtures.js';
import { createEntrada, createProduto, uniqueToken } from './produto-fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const HORA = 3600_000;
const DIA = 24 * HORA;
const agoraMais = (ms: number) => new Date(Date.now() + ms);

const ativos = async (headers: Headers) => {
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
      inicio: agoraMais(-HORA),
      fim: agoraMais(HORA),
      cidades: [],
      ...data,
    },
  });
}

describe('GET /api/banner', () => {
  it('answers the active hero images with perfil and lead; inactive ones are left out', async () => {
    const m = await createMembroEconomia(t.app, t.prisma);
    const tag = randomUUID().slice(0, 8);
    const ativo = await t.prisma.banner.create({
      data: { chave: `b-${tag}`, nome: 'Lead', perfil: 'geral', lead: true, urlImagemMobile: '/banners/home-lead-mobile.svg', urlImagemDesktop: '/banners/home-lead-desktop.svg', textoAlternativo: 'Alt' },
    });
    const inativo = await t.prisma.banner.create({
      data: { chave: `i-${tag}`, nome: 'Velho', perfil: 'outsider', urlImagemMobile: '/m.svg', urlImagemDesktop: '/d.svg', textoAlternativo: 'Alt', ativo: false },
    });
    const res = await t.app.inject({ method: 'GET', url: '/api/Banner', headers: m.headers });
    expect(res.statusCode, res.body).toBe(200);
    const lista = bannerHomeListSchema.parse(res.json());
    expect(lista.find((b) => b.id === ativo.id)).toEqual({
      id: ativo.id,
      nome: 'Lead',
      perfil: 'geral',
      lead: true,
      urlImagemMobile: '/banners/home-lead-mobile.svg',
      urlImagemDesktop: '/banners/home-lead-desktop.svg',
      textoAlternativo: 'Alt',
    });
    expect(lista.some((b) => b.id === inativo.id)).toBe(false);
  });

  it('needs a session', async () => {
    expectError(await t.app.inject({ method: 'GET', url: '/api/banner' }), 401);
    expectError(await t.app.inject({ method: 'GET', url: '/api/bannersite/ativos' }), 401);
    expectError(await t.app.inject({ method: 'GET', url: '/api/bannersite/recomendacao?hash=x' }), 401);
  });
});

describe('GET /api/bannersite/ativos', () => {
  it('answers the spec fields, abas of a launch, and only banners inside their window', async () => {
    const m = await createMembroEconomia(t.app, t.prisma);
    const lancamento = await createBannerSite({
      regiao: 'lancamento', urlImagemMobile: '/banners/lancamento-mobile.svg', urlLink: 'https://loja.legiao.dev/aurora', textoBotao: 'Saiba mais',
      abas: ABAS_LANCAMENTO as unknown as Prisma.InputJsonValue,
    });
    const preVenda = await createBannerSite({ regiao: 'pre_venda', contagemAte: agoraMais(3 * DIA), fim: agoraMais(365 * DIA) });
    const quebrado = await createBannerSite({ regiao: 'lancamento', abas: { sobre: 1 } });
    const futuro = await createBannerSite({ inicio: agoraMais(HORA), fim: agoraMais(2 * HORA) });
    const encerrado = await createBannerSite({ inicio: agoraMais(-2 * HORA), fim: agoraMais(-1000) });
    const inativo = await createBannerSite({ ativo: false });

    const lista = await ativos(m.headers);
    const doLancamento = lista.find((b) => b.id === lancamento.id);
    expect(doLancamento).toEqual({
      id: lancamento.id,
      nomeBannerSite: lancamento.nome,
      bannerRegiao: 'lancamento',
      titulo: 'Título',
      texto: 'Texto',
      urlImagem: '/banners/exclusivo-desktop.svg',
      urlImagemMobile: '/banners/lancamento-mobile.svg',
      urlLink: 'https://loja.legiao.dev/aurora',
      textoBotao: 'Saiba mais',
      idBeneficio: null,
      inicio: lancamento.inicio.toISOString(),
      fim: lancamento.fim.toISOString(),
      contagemAte: null,
      abas: ABAS_LANCAMENTO,
    } satisfies BannerSite);
    expect(lista.find((b) => b.id === preVenda.id)).toMatchObject({ bannerRegiao: 'pre-venda', contagemAte: preVenda.contagemAte!.toISOString() });
    // Malformed tabs (a hand edit) hide the tabs, not the banner nor the home.
    expect(lista.find((b) => b.id === quebrado.id)).toMatchObject({ abas: null });
    const ids = lista.map((b) => b.id);
    for (const fora of [futuro, encerrado, inativo]) expect(ids).not.toContain(fora.id);
  });

  it('shows an exclusive banner only to non-staff, non-lead members of its cities (without accents or case)', async () => {
    const [niteroi, semAcento, paulista, semCidade, staff, lead, staffNiteroi] = await Promise.all([
      createMembroEconomia(t.app, t.prisma, { cidade: 'Niterói' }),
      createMembroEconomia(t.app, t.prisma, { cidade: '  NITEROI ' }),
      createMembroEconomia(t.app, t.prisma, { cidade: 'São Paulo' }),
      createMembroEconomia(t.app, t.prisma),
      createMembroEconomia(t.app, t.prisma, { tipo: 'colaborador' }),
      createMembroEconomia(t.app, t.prisma, { tipo: 'lead', perfil: null }),
      createMembroEconomia(t.app, t.prisma, { tipo: 'colaborador', cidade: 'Niterói' }),
    ]);
    await t.prisma.usuario.update({ where: { id: semCidade.usuario.id }, data: { cidade: null } });
    const exclusivoCidades = await createBannerSite({ cidades: ['Niterói', 'Salvador'] });
    const exclusivoTodos = await createBannerSite();
    const preVendaCidades = await createBannerSite({ regiao: 'pre_venda', cidades: ['Niterói'] });
    const lancamentoTodos = await createBannerSite({ regiao: 'lancamento' });

    const vistos = async (m: { headers: Headers }) => {
      const ids = new Set((await ativos(m.headers)).map((b) => b.id));
      return [exclusivoCidades, exclusivoTodos, preVendaCidades, lancamentoTodos].filter((b) => ids.has(b.id)).map((b) => b.id);
    };
    expect(await vistos(niteroi)).toEqual([exclusivoCidades.id, exclusivoTodos.id, preVendaCidades.id, lancamentoTodos.id]);
    expect(await vistos(semAcento)).toEqual([exclusivoCidades.id, exclusivoTodos.id, preVendaCidades.id, lancamentoTodos.id]);
    expect(await vistos(paulista)).toEqual([exclusivoTodos.id, lancamentoTodos.id]);
    expect(await vistos(semCidade)).toEqual([exclusivoTodos.id, lancamentoTodos.id]);
    // Staff and leads never get exclusive banners, whatever their city; other regions they do.
    expect(await vistos(staff)).toEqual([lancamentoTodos.id]);
    expect(await vistos(lead)).toEqual([lancamentoTodos.id]);
    expect(await vistos(staffNiteroi)).toEqual([preVendaCidades.id, lancamentoTodos.id]);
  });

  it('the window is data: a banner opens at inicio and closes after fim', async () => {
    const m = await createMembroEconomia(t.app, t.prisma);
    const b = await createBannerSite({ inicio: agoraMais(DIA), fim: agoraMais(2 * DIA) });
    expect((await ativos(m.headers)).map((x) => x.id)).not.toContain(b.id);
    await t.prisma.bannerSite.update({ where: { id: b.id }, data: { inicio: agoraMais(-DIA) } });
    expect((await ativos(m.headers)).map((x) => x.id)).toContain(b.id);
    await t.prisma.bannerSite.update({ where: { id: b.id }, data: { fim: agoraMais(-1000) } });
    expect((await ativos(m.headers)).map((x) => x.id)).not.toContain(b.id);
  });
});

describe('GET /api/BannerSite/recomendacao/?hash=', () => {
  /** Lines of their own (unique subcategoria), as popular as a product can be. */
  const linha = (categoria: string, token: string, i: number) =>
    createProduto(t.prisma, { nome: `${categoria} Recomendado ${token} ${i}`, categoria, subcategoria: `Linha ${token} ${categoria} ${i}`, numerosAtribuidos: 1913 });

  it("pairs products the member doesn't own, her perfil's categories first, with store links", async () => {
    const token = uniqueToken();
    await Promise.all([
      ...[1, 2, 3].map((i) => linha('Bar', token, i)),
      linha('Café', token, 1),
      ...[1, 2].map((i) => linha('Camping', token, i)),
      ...[1, 2].map((i) => linha('Hidratação', token, i)),
    ]);
    const m = await createMembroEconomia(t.app, t.prisma, { perfil: 'estiloso' });
    // The most popular Bar line, already on her shelf: never recommended.
    const meu = await linha('Bar', token, 9);
    await createEntrada(t.prisma, m.usuario.id, meu.id);

    const pedir = async () => {
      const res = await t.app.inject({ method: 'GET', url: `/api/BannerSite/recomendacao/?hash=${m.usuario.hash}`, headers: m.headers });
      expect(res.statusCode, res.body).toBe(200);
      return recomendacaoListSchema.parse(res.json());
    };
    const categoriaDe = async (nome: string) => (await t.prisma.produto.findFirstOrThrow({ where: { nome } })).categoria;

    const pares = await pedir();
    expect(pares).toHaveLength(3);
    const nomes = pares.flatMap((p) => [p.produto, p.produto2]);
    expect(new Set(nomes).size).toBe(6);
    expect(nomes).not.toContain(meu.nome);
    // estiloso -> Bar, Café: at least four such lines exist, so they fill the first two pairs.
    for (const nome of nomes.slice(0, 4)) expect(['Bar', 'Café']).toContain(await categoriaDe(nome));
    const p = pares[0]!;
    const produto = await t.prisma.produto.findFirstOrThrow({ where: { nome: p.produto } });
    expect(p.img1).toBe(produto.img);
    expect(p.urlSite).toBe(`https://loja.legiao.dev/produto/${nomeParaBusca(p.produto).replace(/ /g, '-')}`);
    expect(p.urlSite2).toMatch(/^https:\/\/loja\.legiao\.dev\/produto\/[a-z0-9-]+$/);

    // Another perfil, other categories first (funcional -> Hidratação, Camping).
    await t.prisma.usuario.update({ where: { id: m.usuario.id }, data: { perfil: 'funcional' } });
    const funcionais = (await pedir()).flatMap((x) => [x.produto, x.produto2]);
    for (const nome of funcionais.slice(0, 4)) expect(['Hidratação', 'Camping']).toContain(await categoriaDe(nome));
  });

  it("refuses another member's hash (403) and a missing or blank hash (400)", async () => {
    const [m, outro] = await Promise.all([createMembroEconomia(t.app, t.prisma), createMembroEconomia(t.app, t.prisma)]);
    const get = (q: string) => t.app.inject({ method: 'GET', url: `/api/bannersite/recomendacao${q}`, headers: m.headers });
    expectError(await get(`?hash=${outro.usuario.hash}`), 403, BANNER_MSG.hashDeOutroUsuario);
    expectError(await get('?hash=nao-e-um-hash'), 403, BANNER_MSG.hashDeOutroUsuario);
    expectError(await get(''), 400, 'Informe o hash do usuário.');
    expectError(await get('?hash=%20%20'), 400, 'Informe o hash do usuário.');
    expect((await get(`?hash=${m.usuario.hash.toUpperCase()}`)).statusCode).toBe(200);
  });
});

describe('seed-engajamento.ts', () => {
  it('is idempotent and seeds hero images per perfil, the exclusive banners of Niterói and Salvador, a pre-sale and a launch', async () => {
    await seedBeneficios(t.prisma);
    await seedEngajamentoDemo(t.prisma);
    const contar = async () => ({ banners: await t.prisma.banner.count(), site: await t.prisma.bannerSite.count(), faq: await t.prisma.faq.count() });
    const antes = await contar();
    expect(await seedEngajamentoDemo(t.prisma)).toEqual({ banners: 0, bannersSite: 0, faq: 0 });
    expect(await contar()).toEqual(antes);

    const home = await t.prisma.banner.findMany({ where: { chave: { in: BANNERS_HOME_DEMO.map((b) => b.chave) } } });
    expect(new Set(home.filter((b) => b.lead === false).map((b) => b.perfil))).toEqual(new Set(['funcional', 'outsider', 'estiloso', 'geral']));
    expect(home.filter((b) => b.lead === true).map((b) => b.perfil)).toEqual(['geral']);

    const tardezinhas = new Map((await t.prisma.beneficio.findMany({ where: { chave: { startsWith: 'tardezinha-' } } })).map((b) => [b.chave, b.id]));
    const [niteroi, salvador, camacari, paulista, staff] = await Promise.all([
      createMembroEconomia(t.app, t.prisma, { cidade: 'Niterói' }),
      createMembroEconomia(t.app, t.prisma, { cidade: 'Salvador' }),
      createMembroEconomia(t.app, t.prisma, { cidade: 'Camacari' }),
      createMembroEconomia(t.app, t.prisma, { cidade: 'São Paulo' }),
      createMembroEconomia(t.app, t.prisma, { tipo: 'colaborador', cidade: 'Niterói' }),
    ]);
    const seeded = (l: BannerSite[]) => l.filter((b) => ['Exclusivo Niterói', 'Exclusivo Salvador', 'Exclusivo 2025', 'Pré-venda Garrafa 1913', 'Lançamento Aurora'].includes(b.nomeBannerSite));
    const deNiteroi = seeded(await ativos(niteroi.headers));
    expect(deNiteroi.map((b) => [b.bannerRegiao, b.idBeneficio])).toEqual([['exclusivo', tardezinhas.get('tardezinha-niteroi')], ['pre-venda', null], ['lancamento', null]]);
    for (const m of [salvador, camacari]) {
      expect(seeded(await ativos(m.headers)).map((b) => [b.bannerRegiao, b.idBeneficio])).toEqual([['exclusivo', tardezinhas.get('tardezinha-salvador')], ['pre-venda', null], ['lancamento', null]]);
    }
    expect(seeded(await ativos(paulista.headers)).map((b) => b.bannerRegiao)).toEqual(['pre-venda', 'lancamento']);
    expect(seeded(await ativos(staff.headers)).map((b) => b.bannerRegiao)).toEqual(['pre-venda', 'lancamento']);

    // The pre-sale counts down to a moment days ahead and stays open for a year; the launch has its tabs.
    const preVenda = deNiteroi.find((b) => b.bannerRegiao === 'pre-venda')!;
    const faltam = Date.parse(preVenda.contagemAte!) - Date.now();
    expect(faltam).toBeGreaterThan(0);
    expect(faltam).toBeLessThan(5 * DIA);
    expect(Date.parse(preVenda.fim) - Date.now()).toBeGreaterThan(300 * DIA);
    expect(deNiteroi.find((b) => b.bannerRegiao === 'lancamento')!.abas).toEqual(ABAS_LANCAMENTO);

    // The spec's 2025 window is in the data, over: nobody sees it.
    const antigo = await t.prisma.bannerSite.findUniqueOrThrow({ where: { chave: 'exclusivo-2025' } });
    expect([antigo.inicio.toISOString(), antigo.fim.toISOString()]).toEqual(['2025-09-01T13:30:00.000Z', '2025-10-16T20:59:59.000Z']);
    expect(antigo.cidades).toEqual(['Niterói', ...SALVADOR_E_REGIAO]);
  });
});
