import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MSG, MSG, productPageSchema, productSchema, can, STAFF_ROLES, type StaffRole } from '@legiao/contracts';
import { CATALOGUE_MSG, catalogueOptionsSchema, cataloguePageSchema, productAdminSchema, type ProductAdminInput } from '@legiao/contracts/admin/catalogo';
import { buildTestApp, type TestApp } from './support/app.js';
import { expectError } from './support/factories.js';
import { createStaffByRole, type StaffSession } from './support/staff.js';

// /api/admin/catalogo (issue 16 item 6; ADR 0029): per role, bad input, audit, the catalogue members
// read changing at once, and legion numbers out of staff's reach (ADR 0006).

let t: TestApp;
let s: Record<StaffRole | 'membro', StaffSession>;
beforeAll(async () => {
  t = await buildTestApp();
  s = await createStaffByRole(t);
});
afterAll(() => t.close());

const tag = () => Math.random().toString(36).slice(2, 10).toUpperCase();
const body = (over: Partial<ProductAdminInput> = {}): ProductAdminInput => ({
  sku: `ADM-${tag()}`,
  nome: `Garrafa Térmica ${tag()}`,
  categoria: 'Hidratação',
  subcategoria: 'Garrafas',
  img: '/produtos/sem-imagem.svg',
  descricaoDetalhe: 'Aço inox, 750 ml.',
  tempoGelado: 24,
  moldura: 'Clássica',
  ...over,
});
const create = async (who = s.marketing, over: Partial<ProductAdminInput> = {}) => {
  const res = await t.app.inject({ method: 'POST', url: '/api/admin/catalogo', headers: who.headers, payload: body(over) });
  expect(res.statusCode, res.body).toBe(201);
  return productAdminSchema.parse(res.json());
};
const search = async (name: string) => productPageSchema.parse((await t.app.inject({ method: 'GET', url: `/api/produto/busca?q=${encodeURIComponent(name)}` })).json()).items;

describe('/api/admin/catalogo', () => {
  it('every staff role lists (paged, filtered) and reads options; a member 403, nobody 401', async () => {
    const p = await create();
    // Every role that reads content (not integracoes: the store's developers see nothing of it).
    for (const role of STAFF_ROLES.filter((r) => can([r], 'content.read'))) {
      const res = await t.app.inject({ method: 'GET', url: `/api/admin/catalogo?q=${encodeURIComponent(p.nome)}&porPagina=5`, headers: s[role].headers });
      expect(res.statusCode, res.body).toBe(200);
      const page = cataloguePageSchema.parse(res.json());
      expect(page.itens.map((i) => i.id)).toEqual([p.id]);
      expect(page).toMatchObject({ total: 1, pagina: 1, porPagina: 5 });
    }
    const options = catalogueOptionsSchema.parse((await t.app.inject({ method: 'GET', url: '/api/admin/catalogo/opcoes', headers: s.atendimento.headers })).json());
    expect(options.categorias.find((c) => c.categoria === 'Hidratação')?.subcategorias).toContain('Garrafas');
    expect(options.legiaoTotal).toBe(1913);
    expectError(await t.app.inject({ method: 'GET', url: '/api/admin/catalogo', headers: s.membro.headers }), 403, ADMIN_MSG.semPermissao);
    expectError(await t.app.inject({ method: 'GET', url: '/api/admin/catalogo' }), 401, MSG.naoAutenticado);
    expectError(await t.app.inject({ method: 'GET', url: '/api/admin/catalogo?porPagina=1000', headers: s.admin.headers }), 400);
    expectError(await t.app.inject({ method: 'GET', url: '/api/admin/catalogo?ordem=senha', headers: s.admin.headers }), 400);
  });

  it('admin and marketing create; members find it in the search at once; audited', async () => {
    for (const role of ['admin', 'marketing'] as const) {
      const p = await create(s[role]);
      expect(p).toMatchObject({ ativo: true, numerosAtribuidos: 0, numerosRestantes: 1913, entradas: 0 });
      expect((await search(p.nome)).map((x) => x.id)).toEqual([p.id]);
      const [audit] = await t.prisma.auditEntry.findMany({ where: { entity: 'produto', entityId: String(p.id) } });
      expect(audit).toMatchObject({ action: 'produto.criar', actorId: s[role].id, before: null });
    }
  });

  it('the other roles get 403 on every write; nobody 401', async () => {
    const p = await create();
    for (const who of [s.atendimento, s.operacao, s.membro]) {
      expectError(await t.app.inject({ method: 'POST', url: '/api/admin/catalogo', headers: who.headers, payload: body() }), 403);
      expectError(await t.app.inject({ method: 'PUT', url: `/api/admin/catalogo/${p.id}`, headers: who.headers, payload: body({ sku: p.sku }) }), 403);
      expectError(await t.app.inject({ method: 'PUT', url: `/api/admin/catalogo/${p.id}/ativo`, headers: who.headers, payload: { ativo: false } }), 403);
    }
    expectError(await t.app.inject({ method: 'PUT', url: `/api/admin/catalogo/${p.id}/ativo`, payload: { ativo: false } }), 401);
    expect((await t.prisma.produto.findUniqueOrThrow({ where: { id: p.id } })).ativo).toBe(true);
  });

  it('bad input: category, frame, hours, SKU format, a repeated SKU in any case (409), unknown keys such as the legion counter', async () => {
    const p = await create();
    const cases: [Partial<ProductAdminInput> & Record<string, unknown>, string][] = [
      [{ categoria: 'Cozinha' as never }, CATALOGUE_MSG.categoria],
      [{ moldura: 'Dourada' as never }, CATALOGUE_MSG.moldura],
      [{ tempoQuente: 100 }, CATALOGUE_MSG.horas],
      [{ sku: 'com espaço' }, CATALOGUE_MSG.skuFormato],
      [{ img: 'http://inseguro.example/x.png' }, 'Use um endereço deste site (começando com /) ou https://.'],
    ];
    for (const [over, msg] of cases) {
      const r = expectError(await t.app.inject({ method: 'POST', url: '/api/admin/catalogo', headers: s.admin.headers, payload: body(over) }), 400);
      expect(r.errors.map((e) => e.message)).toContain(msg);
    }
    expectError(await t.app.inject({ method: 'POST', url: '/api/admin/catalogo', headers: s.admin.headers, payload: body({ sku: p.sku.toLowerCase() }) }), 409, CATALOGUE_MSG.skuEmUso);
    expectError(await t.app.inject({ method: 'PUT', url: `/api/admin/catalogo/${p.id}`, headers: s.admin.headers, payload: { ...body({ sku: p.sku }), numerosAtribuidos: 0 } }), 400);
    expectError(await t.app.inject({ method: 'PUT', url: '/api/admin/catalogo/999999999', headers: s.admin.headers, payload: body() }), 404, CATALOGUE_MSG.naoEncontrado);
  });

  it('editing keeps the legion numbers; deactivating hides it from the catalogue but not from its page; audited', async () => {
    const p = await create();
    await t.prisma.produto.update({ where: { id: p.id }, data: { numerosAtribuidos: 12 } });
    // GET /produto/{id} is served from the content cache (ADR 0019): read it first so it is cached.
    expect(productSchema.parse((await t.app.inject({ method: 'GET', url: `/api/produto/${p.id}` })).json()).nome).toBe(p.nome);
    const put = await t.app.inject({ method: 'PUT', url: `/api/admin/catalogo/${p.id}`, headers: s.marketing.headers, payload: body({ sku: p.sku, nome: `${p.nome} Nova` }) });
    expect(put.statusCode, put.body).toBe(200);
    expect(productAdminSchema.parse(put.json())).toMatchObject({ nome: `${p.nome} Nova`, numerosAtribuidos: 12, numerosRestantes: 1901 });
    expect((await search(`${p.nome} Nova`)).map((x) => x.id)).toEqual([p.id]);
    expect(productSchema.parse((await t.app.inject({ method: 'GET', url: `/api/produto/${p.id}` })).json()).nome).toBe(`${p.nome} Nova`);

    const off = await t.app.inject({ method: 'PUT', url: `/api/admin/catalogo/${p.id}/ativo`, headers: s.marketing.headers, payload: { ativo: false } });
    expect(off.statusCode, off.body).toBe(200);
    expect(await search(`${p.nome} Nova`)).toEqual([]);
    const page = await t.app.inject({ method: 'GET', url: `/api/produto/${p.id}` });
    expect(productSchema.parse(page.json()).id).toBe(p.id);
    const actions = (await t.prisma.auditEntry.findMany({ where: { entity: 'produto', entityId: String(p.id) }, orderBy: { createdAt: 'asc' } })).map((a) => a.action);
    expect(actions).toEqual(['produto.criar', 'produto.editar', 'produto.desativar']);
    const inactiveOnes = cataloguePageSchema.parse((await t.app.inject({ method: 'GET', url: `/api/admin/catalogo?ativo=false&q=${encodeURIComponent(p.nome)}`, headers: s.admin.headers })).json());
    expect(inactiveOnes.itens.map((i) => i.id)).toEqual([p.id]);
  });
});
