import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MSG, MSG, produtoPaginaSchema, produtoSchema, STAFF_ROLES, type StaffRole } from '@legiao/contracts';
import { CATALOGO_MSG, catalogoOpcoesSchema, catalogoPageSchema, produtoAdminSchema, type ProdutoAdminInput } from '@legiao/contracts/admin/catalogo';
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
const body = (over: Partial<ProdutoAdminInput> = {}): ProdutoAdminInput => ({
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
const criar = async (who = s.marketing, over: Partial<ProdutoAdminInput> = {}) => {
  const res = await t.app.inject({ method: 'POST', url: '/api/admin/catalogo', headers: who.headers, payload: body(over) });
  expect(res.statusCode, res.body).toBe(201);
  return produtoAdminSchema.parse(res.json());
};
const busca = async (nome: string) => produtoPaginaSchema.parse((await t.app.inject({ method: 'GET', url: `/api/produto/busca?q=${encodeURIComponent(nome)}` })).json()).items;

describe('/api/admin/catalogo', () => {
  it('every staff role lists (paged, filtered) and reads options; a member 403, nobody 401', async () => {
    const p = await criar();
    for (const role of STAFF_ROLES) {
      const res = await t.app.inject({ method: 'GET', url: `/api/admin/catalogo?q=${encodeURIComponent(p.nome)}&porPagina=5`, headers: s[role].headers });
      expect(res.statusCode, res.body).toBe(200);
      const page = catalogoPageSchema.parse(res.json());
      expect(page.itens.map((i) => i.id)).toEqual([p.id]);
      expect(page).toMatchObject({ total: 1, pagina: 1, porPagina: 5 });
    }
    const opcoes = catalogoOpcoesSchema.parse((await t.app.inject({ method: 'GET', url: '/api/admin/catalogo/opcoes', headers: s.atendimento.headers })).json());
    expect(opcoes.categorias.find((c) => c.categoria === 'Hidratação')?.subcategorias).toContain('Garrafas');
    expect(opcoes.legiaoTotal).toBe(1913);
    expectError(await t.app.inject({ method: 'GET', url: '/api/admin/catalogo', headers: s.membro.headers }), 403, ADMIN_MSG.semPermissao);
    expectError(await t.app.inject({ method: 'GET', url: '/api/admin/catalogo' }), 401, MSG.naoAutenticado);
    expectError(await t.app.inject({ method: 'GET', url: '/api/admin/catalogo?porPagina=1000', headers: s.admin.headers }), 400);
    expectError(await t.app.inject({ method: 'GET', url: '/api/admin/catalogo?ordem=senha', headers: s.admin.headers }), 400);
  });

  it('admin and marketing create; members find it in the search at once; audited', async () => {
    for (const role of ['admin', 'marketing'] as const) {
      const p = await criar(s[role]);
      expect(p).toMatchObject({ ativo: true, numerosAtribuidos: 0, numerosRestantes: 1913, entradas: 0 });
      expect((await busca(p.nome)).map((x) => x.id)).toEqual([p.id]);
      const [audit] = await t.prisma.auditEntry.findMany({ where: { entity: 'produto', entityId: String(p.id) } });
      expect(audit).toMatchObject({ action: 'produto.criar', actorId: s[role].id, before: null });
    }
  });

  it('the other roles get 403 on every write; nobody 401', async () => {
    const p = await criar();
    for (const who of [s.atendimento, s.operacao, s.membro]) {
      expectError(await t.app.inject({ method: 'POST', url: '/api/admin/catalogo', headers: who.headers, payload: body() }), 403);
      expectError(await t.app.inject({ method: 'PUT', url: `/api/admin/catalogo/${p.id}`, headers: who.headers, payload: body({ sku: p.sku }) }), 403);
      expectError(await t.app.inject({ method: 'PUT', url: `/api/admin/catalogo/${p.id}/ativo`, headers: who.headers, payload: { ativo: false } }), 403);
    }
    expectError(await t.app.inject({ method: 'PUT', url: `/api/admin/catalogo/${p.id}/ativo`, payload: { ativo: false } }), 401);
    expect((await t.prisma.produto.findUniqueOrThrow({ where: { id: p.id } })).ativo).toBe(true);
  });

  it('bad input: category, frame, hours, SKU format, a repeated SKU in any case (409), unknown keys such as the legion counter', async () => {
    const p = await criar();
    const casos: [Partial<ProdutoAdminInput> & Record<string, unknown>, string][] = [
      [{ categoria: 'Cozinha' as never }, CATALOGO_MSG.categoria],
      [{ moldura: 'Dourada' as never }, CATALOGO_MSG.moldura],
      [{ tempoQuente: 100 }, CATALOGO_MSG.horas],
      [{ sku: 'com espaço' }, CATALOGO_MSG.skuFormato],
      [{ img: 'http://inseguro.example/x.png' }, 'Use um endereço deste site (começando com /) ou https://.'],
    ];
    for (const [over, msg] of casos) {
      const r = expectError(await t.app.inject({ method: 'POST', url: '/api/admin/catalogo', headers: s.admin.headers, payload: body(over) }), 400);
      expect(r.errors.map((e) => e.message)).toContain(msg);
    }
    expectError(await t.app.inject({ method: 'POST', url: '/api/admin/catalogo', headers: s.admin.headers, payload: body({ sku: p.sku.toLowerCase() }) }), 409, CATALOGO_MSG.skuEmUso);
    expectError(await t.app.inject({ method: 'PUT', url: `/api/admin/catalogo/${p.id}`, headers: s.admin.headers, payload: { ...body({ sku: p.sku }), numerosAtribuidos: 0 } }), 400);
    expectError(await t.app.inject({ method: 'PUT', url: '/api/admin/catalogo/999999999', headers: s.admin.headers, payload: body() }), 404, CATALOGO_MSG.naoEncontrado);
  });

  it('editing keeps the legion numbers; deactivating hides it from the catalogue but not from its page; audited', async () => {
    const p = await criar();
    await t.prisma.produto.update({ where: { id: p.id }, data: { numerosAtribuidos: 12 } });
    // GET /produto/{id} is served from the content cache (ADR 0019): read it first so it is cached.
    expect(produtoSchema.parse((await t.app.inject({ method: 'GET', url: `/api/produto/${p.id}` })).json()).nome).toBe(p.nome);
    const put = await t.app.inject({ method: 'PUT', url: `/api/admin/catalogo/${p.id}`, headers: s.marketing.headers, payload: body({ sku: p.sku, nome: `${p.nome} Nova` }) });
    expect(put.statusCode, put.body).toBe(200);
    expect(produtoAdminSchema.parse(put.json())).toMatchObject({ nome: `${p.nome} Nova`, numerosAtribuidos: 12, numerosRestantes: 1901 });
    expect((await busca(`${p.nome} Nova`)).map((x) => x.id)).toEqual([p.id]);
    expect(produtoSchema.parse((await t.app.inject({ method: 'GET', url: `/api/produto/${p.id}` })).json()).nome).toBe(`${p.nome} Nova`);

    const off = await t.app.inject({ method: 'PUT', url: `/api/admin/catalogo/${p.id}/ativo`, headers: s.marketing.headers, payload: { ativo: false } });
    expect(off.statusCode, off.body).toBe(200);
    expect(await busca(`${p.nome} Nova`)).toEqual([]);
    const pagina = await t.app.inject({ method: 'GET', url: `/api/produto/${p.id}` });
    expect(produtoSchema.parse(pagina.json()).id).toBe(p.id);
    const acoes = (await t.prisma.auditEntry.findMany({ where: { entity: 'produto', entityId: String(p.id) }, orderBy: { createdAt: 'asc' } })).map((a) => a.action);
    expect(acoes).toEqual(['produto.criar', 'produto.editar', 'produto.desativar']);
    const inativos = catalogoPageSchema.parse((await t.app.inject({ method: 'GET', url: `/api/admin/catalogo?ativo=false&q=${encodeURIComponent(p.nome)}`, headers: s.admin.headers })).json());
    expect(inativos.itens.map((i) => i.id)).toEqual([p.id]);
  });
});
