import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORIES, categoriesResponseSchema, FRAMES, productPageSchema, productSchema } from '@legiao/contracts';
import { REPO_ROOT } from '../src/config.js';
import { CATALOGUE, DEFAULT_IMAGE, seedCatalogue } from '../src/db/seed-catalogue.js';
import { buildTestApp, type TestApp } from './support/app.js';
import { expectError } from './support/factories.js';
import { createProduct, uniqueToken } from './produto-fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await seedCatalogue(t.prisma);
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });
const search = async (query: Record<string, string>) => {
  const res = await get(`/api/produto/busca?${new URLSearchParams(query)}`);
  expect(res.statusCode, res.body).toBe(200);
  return productPageSchema.parse(res.json());
};

describe('GET /api/produto/?page=1&pageSize=1000', () => {
  it('answers { items, page, pageSize, total } with the active catalogue, in full product shape', async () => {
    const active = await createProduct(t.prisma);
    const inactive = await createProduct(t.prisma, { ativo: false });
    const res = await get('/api/produto/?page=1&pageSize=1000');
    expect(res.statusCode, res.body).toBe(200);
    const body = productPageSchema.parse(res.json());
    expect(body).toMatchObject({ page: 1, pageSize: 1000 });
    expect(body.items.length).toBe(Math.min(body.total, 1000));
    expect(body.items.length).toBeGreaterThanOrEqual(CATALOGUE.length);
    expect(body.items.find((p) => p.id === active.id)).toEqual(productSchema.parse({ ...active, nomeBusca: undefined }));
    expect(body.items.some((p) => p.id === inactive.id)).toBe(false);
    const names = body.items.map((p) => p.nome);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))); // by name (database collation may differ only in ties)
  });

  it('pages: pageSize 1, page 2 is the second product by name', async () => {
    const all = productPageSchema.parse((await get('/api/produto?page=1&pageSize=2')).json());
    const second = productPageSchema.parse((await get('/api/produto?page=2&pageSize=1')).json());
    expect(second.items).toHaveLength(1);
    expect(second.items[0]!.id).toBe(all.items[1]!.id);
  });

  it.each(['page=0', 'pageSize=0', 'pageSize=1001', 'page=abc', 'pageSize=2.5'])("answers 400 'Página inválida.' for %s", async (q) => {
    expectError(await get(`/api/produto/?${q}`), 400, 'Página inválida.');
  });
});

describe('GET /api/produto/{id}', () => {
  it('answers the product, even one no longer sold (members who own it still open it)', async () => {
    const p = await createProduct(t.prisma, { ativo: false, moldura: null });
    const res = await get(`/api/produto/${p.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = productSchema.parse(res.json());
    expect(body).toMatchObject({ id: p.id, nome: p.nome, categoria: 'Bar', moldura: null, tempoQuente: null, tempoGelado: 4, tempoComGelo: 12, img: '/produtos/copo-termico-bar-preto.svg' });
    expect(Object.keys(res.json()).sort()).toEqual(Object.keys(productSchema.shape).sort());
  });

  it("answers 404 'Produto não encontrado.' for an unknown id and 400 for a non-numeric one", async () => {
    expectError(await get('/api/produto/2000000000'), 404, 'Produto não encontrado.');
    expectError(await get('/api/produto/abc'), 400, 'Produto não encontrado.');
    expectError(await get('/api/produto/-1'), 400, 'Produto não encontrado.');
    expectError(await get('/api/produto/99999999999'), 400, 'Produto não encontrado.');
  });
});

describe('GET /api/produto/busca', () => {
  it('needs every word of q in the name, ignoring case and accents', async () => {
    const token = uniqueToken();
    const a = await createProduct(t.prisma, { nome: `Copo Térmico ${token} Preto` });
    const b = await createProduct(t.prisma, { nome: `Garrafa Térmica ${token} Preta` });
    await createProduct(t.prisma, { nome: `Copo ${token} Inativo`, ativo: false });

    const ids = async (q: string) => (await search({ q })).items.map((p) => p.id).sort();
    expect(await ids(token)).toEqual([a.id, b.id].sort());
    expect(await ids(`${token} copo`)).toEqual([a.id]);
    expect(await ids(`COPO   ${token.toUpperCase()}`)).toEqual([a.id]);
    expect(await ids(`termica ${token}`)).toEqual([b.id]); // 'termica' finds 'Térmica'
    expect(await ids(`${token} copo azul`)).toEqual([]); // one missing word: no match
    const paged = await search({ q: token, page: '2', pageSize: '1' });
    expect([paged.items.length, paged.total]).toEqual([1, 2]);
    const past = await search({ q: token, page: '3', pageSize: '1' });
    expect([past.items.length, past.total]).toEqual([0, 2]); // a page past the end still tells the total
  });

  it("filters by categoria and subcategoria; 'TODOS' or empty means no filter", async () => {
    const token = uniqueToken();
    const sub = `Linha ${token}`;
    const bar = await createProduct(t.prisma, { nome: `Copo ${token}`, categoria: 'Bar', subcategoria: sub });
    const mate = await createProduct(t.prisma, { nome: `Cuia ${token}`, categoria: 'Mate', subcategoria: sub });
    const other = await createProduct(t.prisma, { nome: `Cuia ${token} Grande`, categoria: 'Mate', subcategoria: `${sub} Grande` });
    const ids = async (q: Record<string, string>) => (await search({ q: token, ...q })).items.map((p) => p.id).sort();
    expect(await ids({ categoria: 'Mate' })).toEqual([mate.id, other.id].sort());
    expect(await ids({ categoria: 'Mate', subcategoria: sub })).toEqual([mate.id]);
    expect(await ids({ categoria: 'TODOS', subcategoria: sub })).toEqual([bar.id, mate.id].sort());
    expect(await ids({ categoria: '', subcategoria: 'TODOS' })).toEqual([bar.id, mate.id, other.id].sort());
    expect(await ids({ categoria: 'Café' })).toEqual([]);
  });

  it('without q lists the catalogue, paginated (default page size 48)', async () => {
    const body = await search({});
    expect(body.page).toBe(1);
    expect(body.pageSize).toBe(48);
    expect(body.items).toHaveLength(48);
    expect(body.total).toBeGreaterThanOrEqual(CATALOGUE.length);
    const bar = await search({ categoria: 'Bar', pageSize: '1000' });
    expect(bar.items.every((p) => p.categoria === 'Bar')).toBe(true);
    expect(bar.total).toBe(bar.items.length);
  });

  it('finds the seeded catalogue by words of its names', async () => {
    const body = await search({ q: 'garrafa 750', pageSize: '100' });
    expect(body.items.map((p) => p.nome).sort()).toEqual(CATALOGUE.filter((p) => p.nome.startsWith('Garrafa Térmica 750ml')).map((p) => p.nome).sort());
    const litres = await search({ q: '1,2L', pageSize: '100' });
    expect(litres.items.length).toBeGreaterThan(0);
    expect(litres.items.every((p) => p.nome.includes('1,2L'))).toBe(true);
  });

  it('treats LIKE wildcards as plain text', async () => {
    const all = await search({ q: '%', pageSize: '1' });
    const none = await search({ q: `${uniqueToken()}% _`, pageSize: '1' });
    expect(all.total).toBeGreaterThan(0);
    expect(none.total).toBe(0);
  });

  it('answers 400 for a query longer than 100 characters', async () => {
    expectError(await get(`/api/produto/busca?q=${'a'.repeat(101)}`), 400, 'A busca deve ter no máximo 100 caracteres.');
  });
});

describe('GET /api/produto/categoria', () => {
  it('answers [{ categoria, subcategorias }] in badge order, with the seeded six categories', async () => {
    const token = uniqueToken();
    await createProduct(t.prisma, { categoria: 'Camping', subcategoria: `Linha ${token}` });
    await createProduct(t.prisma, { categoria: 'Camping', subcategoria: `Oculta ${token}`, ativo: false });
    const res = await get('/api/produto/categoria');
    expect(res.statusCode, res.body).toBe(200);
    const body = categoriesResponseSchema.parse(res.json());
    expect(body.map((c) => c.categoria)).toEqual([...CATEGORIES]);
    const camping = body.find((c) => c.categoria === 'Camping')!;
    expect(camping.subcategorias).toContain(`Linha ${token}`);
    expect(camping.subcategorias).not.toContain(`Oculta ${token}`);
    expect(camping.subcategorias).toContain('Caneca Camping 400ml');
    expect(camping.subcategorias).toEqual([...camping.subcategorias].sort((a, b) => a.localeCompare(b, 'pt-BR')));
  });
});

describe('seeded catalogue', () => {
  it('is idempotent and has at least 40 products over the six categories, each with a frame', async () => {
    expect(await seedCatalogue(t.prisma)).toBe(0);
    const seeded = await t.prisma.produto.findMany({ where: { sku: { in: CATALOGUE.map((p) => p.sku) } } });
    expect(seeded).toHaveLength(CATALOGUE.length);
    expect(seeded.length).toBeGreaterThanOrEqual(40);
    expect(new Set(seeded.map((p) => p.categoria))).toEqual(new Set(CATEGORIES));
    expect(new Set(seeded.map((p) => p.moldura))).toEqual(new Set(FRAMES)); // every frame the web styles, and only those
  });

  it('ships every image it names in apps/web/public, as self-contained SVG', () => {
    const urls = [...CATALOGUE.flatMap((p) => p.images), DEFAULT_IMAGE];
    expect(new Set(urls).size).toBe(urls.length);
    for (const url of urls) {
      expect(url).toMatch(/^\/produtos\/[a-z0-9-]+\.svg$/);
      const file = join(REPO_ROOT, 'apps/web/public', url);
      expect(existsSync(file), file).toBe(true);
      const svg = readFileSync(file, 'utf8');
      expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
      expect(svg.replace('http://www.w3.org/2000/svg', '')).not.toMatch(/https?:|href=/); // nothing from the internet
    }
  });

  it('is served by the API from the web build folder', async () => {
    const web = await buildTestApp({ env: { WEB_DIST: join(REPO_ROOT, 'apps/web/public') } });
    try {
      const res = await web.app.inject({ method: 'GET', url: CATALOGUE[0]!.images[0] });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    } finally {
      await web.close();
    }
  });
});

describe('OpenAPI', () => {
  it('documents every product route with its schemas', async () => {
    const res = await get('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { paths: Record<string, Record<string, { parameters?: { name: string }[]; responses: Record<string, unknown> }>> };
    expect(Object.keys(doc.paths['/api/produto']!)).toContain('get');
    expect(doc.paths['/api/produto/busca']!.get!.parameters!.map((p) => p.name).sort()).toEqual(['categoria', 'page', 'pageSize', 'q', 'subcategoria']);
    expect(Object.keys(doc.paths['/api/produto/categoria']!)).toEqual(['get']);
    expect(Object.keys(doc.paths['/api/produto/{id}']!)).toEqual(['get']);
    expect(Object.keys(doc.paths['/api/produto/cliente']!).sort()).toEqual(['get', 'post', 'put']);
    expect(Object.keys(doc.paths['/api/produto/cliente/{id}']!)).toEqual(['delete']);
    expect(doc.paths['/api/produto/cliente']!.post!.responses['201']).toBeDefined();
  });
});
