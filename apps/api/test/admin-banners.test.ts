import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MSG, MSG, can, STAFF_ROLES, type StaffRole } from '@legiao/contracts';
import { BANNER_ADMIN_MSG, bannerPreviewSchema, mainBannerAdminSchema, bannersAdminSchema, bannerSiteAdminSchema, type BannerSiteInput } from '@legiao/contracts/admin/banners';
import { bannerHomeListSchema, bannerSiteListSchema } from '@legiao/contracts/banner';
import { buildTestApp, type TestApp } from './support/app.js';
import { expectError } from './support/factories.js';
import { createStaffByRole, type StaffSession } from './support/staff.js';
import { createEconomyMember } from './beneficio-fixtures.js';

// /api/admin/banners (issue 16 item 4; ADR 0029): each route for the roles allowed, 403 for the
// others, 401 without a session, bad input; every write audited; what members see changes at once.

let t: TestApp;
let s: Record<StaffRole | 'membro', StaffSession>;
beforeAll(async () => {
  t = await buildTestApp();
  s = await createStaffByRole(t);
});
afterAll(() => t.close());

const HOUR = 3600_000;
const iso = (ms: number) => new Date(Date.now() + ms).toISOString();
const WRITERS: StaffRole[] = ['admin', 'marketing'];
const tag = () => Math.random().toString(36).slice(2, 10);

function siteBody(over: Partial<BannerSiteInput> = {}): BannerSiteInput {
  return { nome: `Banner ${tag()}`, regiao: 'exclusivo', titulo: 'Tardezinha', texto: 'Só para legionários', urlImagem: '/banners/exclusivo-desktop.svg', inicio: iso(-HOUR), fim: iso(HOUR), cidades: [], ...over };
}
const mainBody = (over: Record<string, unknown> = {}) => ({
  nome: `Hero ${tag()}`,
  perfil: 'geral',
  lead: null,
  urlImagemDesktop: '/banners/home-geral-desktop.svg',
  urlImagemMobile: '/banners/home-geral-mobile.svg',
  textoAlternativo: 'Legionários no estádio',
  ...over,
});

const post = (who: StaffSession | null, url: string, payload: unknown) => t.app.inject({ method: 'POST', url, headers: who?.headers ?? {}, payload: payload as object });
const auditOf = (entity: string, entityId: string | number) => t.prisma.auditEntry.findMany({ where: { entity, entityId: String(entityId) }, orderBy: { createdAt: 'asc' } });

describe('GET /api/admin/banners', () => {
  it('every staff role reads both lists; a member gets 403, no session 401', async () => {
    // Every role that reads content (not integracoes: the store's developers see nothing of it).
    for (const role of STAFF_ROLES.filter((r) => can([r], 'content.read'))) {
      const res = await t.app.inject({ method: 'GET', url: '/api/admin/banners', headers: s[role].headers });
      expect(res.statusCode, res.body).toBe(200);
      bannersAdminSchema.parse(res.json());
    }
    expectError(await t.app.inject({ method: 'GET', url: '/api/admin/banners', headers: s.membro.headers }), 403, ADMIN_MSG.semPermissao);
    expectError(await t.app.inject({ method: 'GET', url: '/api/admin/banners' }), 401, MSG.naoAutenticado);
  });
});

describe('site banners', () => {
  it('admin and marketing create one; members of its city see it at once, audited with the actor and request id', async () => {
    const city = `Niterói ${tag()}`;
    const member = await createEconomyMember(t.app, t.prisma, { cidade: city });
    const other = await createEconomyMember(t.app, t.prisma, { cidade: 'São Paulo' });
    for (const role of WRITERS) {
      const res = await post(s[role], '/api/admin/banners/site', siteBody({ cidades: [city.toUpperCase()] }));
      expect(res.statusCode, res.body).toBe(201);
      const b = bannerSiteAdminSchema.parse(res.json());
      expect(b).toMatchObject({ bannerRegiao: 'exclusivo', cidades: [city.toUpperCase()], ativo: true });
      const activeOnes = bannerSiteListSchema.parse((await t.app.inject({ method: 'GET', url: '/api/bannersite/ativos', headers: member.headers })).json());
      expect(activeOnes.map((a) => a.id)).toContain(b.id);
      const fromOther = bannerSiteListSchema.parse((await t.app.inject({ method: 'GET', url: '/api/bannersite/ativos', headers: other.headers })).json());
      expect(fromOther.map((a) => a.id)).not.toContain(b.id);
      const [audit] = await auditOf('banner_site', b.id);
      expect(audit).toMatchObject({ action: 'banner.criar', actorId: s[role].id, before: null, requestId: res.headers['x-request-id'] });
      expect(audit?.after).toMatchObject({ id: b.id, titulo: 'Tardezinha' });
    }
  });

  it('refuses the other roles (403) and no session (401), creating nothing', async () => {
    const name = `Recusado ${tag()}`;
    for (const who of [s.atendimento, s.operacao, s.membro]) expectError(await post(who, '/api/admin/banners/site', siteBody({ nome: name })), 403, ADMIN_MSG.semPermissao);
    expectError(await post(null, '/api/admin/banners/site', siteBody({ nome: name })), 401);
    expect(await t.prisma.bannerSite.count({ where: { nome: name } })).toBe(0);
  });

  it('bad input: window backwards, pre-sale without its countdown, tabs outside a launch, a script URL', async () => {
    const cases: [Partial<BannerSiteInput>, string][] = [
      [{ inicio: iso(HOUR), fim: iso(-HOUR) }, BANNER_ADMIN_MSG.fimAntesDoInicio],
      [{ regiao: 'pre-venda' }, BANNER_ADMIN_MSG.contagemObrigatoria],
      [{ abas: { sobre: 'x', cores: [], produtos: [] } }, BANNER_ADMIN_MSG.abasSoLancamento],
      [{ urlImagem: 'javascript:alert(1)' }, BANNER_ADMIN_MSG.url],
    ];
    for (const [over, msg] of cases) {
      const body = expectError(await post(s.admin, '/api/admin/banners/site', siteBody(over)), 400);
      expect(body.errors.map((e) => e.message)).toContain(msg);
    }
    expectError(await post(s.admin, '/api/admin/banners/site', { ...siteBody(), extra: 1 }), 400);
    expectError(await post(s.admin, '/api/admin/banners/site', {}), 400);
  });

  it('edits (audited before/after), deactivates, deletes; unknown ids answer 404', async () => {
    const member = await createEconomyMember(t.app, t.prisma, {});
    const b = bannerSiteAdminSchema.parse((await post(s.marketing, '/api/admin/banners/site', siteBody({ regiao: 'lancamento', abas: { sobre: 'Nova linha', cores: [], produtos: [] } }))).json());
    const put = await t.app.inject({ method: 'PUT', url: `/api/admin/banners/site/${b.id}`, headers: s.marketing.headers, payload: siteBody({ regiao: 'lancamento', titulo: 'Em breve: Aurora', ativo: false }) });
    expect(put.statusCode, put.body).toBe(200);
    expect(bannerSiteAdminSchema.parse(put.json())).toMatchObject({ titulo: 'Em breve: Aurora', ativo: false, abas: null });
    const activeOnes = bannerSiteListSchema.parse((await t.app.inject({ method: 'GET', url: '/api/bannersite/ativos', headers: member.headers })).json());
    expect(activeOnes.map((a) => a.id)).not.toContain(b.id);
    const audits = await auditOf('banner_site', b.id);
    expect(audits.map((a) => a.action)).toEqual(['banner.criar', 'banner.editar']);
    expect(audits[1]?.before).toMatchObject({ titulo: 'Tardezinha', ativo: true });
    expect(audits[1]?.after).toMatchObject({ titulo: 'Em breve: Aurora', ativo: false });

    expectError(await t.app.inject({ method: 'PUT', url: `/api/admin/banners/site/${b.id}`, headers: s.atendimento.headers, payload: siteBody() }), 403);
    expectError(await t.app.inject({ method: 'DELETE', url: `/api/admin/banners/site/${b.id}`, headers: s.operacao.headers }), 403);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/admin/banners/site/${b.id}`, headers: s.admin.headers });
    expect(del.statusCode, del.body).toBe(204);
    expect((await auditOf('banner_site', b.id)).at(-1)).toMatchObject({ action: 'banner.remover', after: null });
    expectError(await t.app.inject({ method: 'DELETE', url: `/api/admin/banners/site/${b.id}`, headers: s.admin.headers }), 404, BANNER_ADMIN_MSG.naoEncontrado);
    expectError(await t.app.inject({ method: 'PUT', url: '/api/admin/banners/site/999999999', headers: s.admin.headers, payload: siteBody() }), 404);
    expectError(await t.app.inject({ method: 'PUT', url: '/api/admin/banners/site/abc', headers: s.admin.headers, payload: siteBody() }), 400);
  });

  it('reorders some banners among the places they held; members get the new order', async () => {
    const a = bannerSiteAdminSchema.parse((await post(s.admin, '/api/admin/banners/site', siteBody({ regiao: 'pre-venda', contagemAte: iso(2 * HOUR) }))).json());
    const b = bannerSiteAdminSchema.parse((await post(s.admin, '/api/admin/banners/site', siteBody({ regiao: 'pre-venda', contagemAte: iso(2 * HOUR) }))).json());
    const res = await t.app.inject({ method: 'PUT', url: '/api/admin/banners/site-ordem', headers: s.marketing.headers, payload: { ids: [b.id, a.id] } });
    expect(res.statusCode, res.body).toBe(200);
    const ids = bannersAdminSchema.parse(res.json()).site.map((x) => x.id);
    expect(ids.indexOf(b.id)).toBeLessThan(ids.indexOf(a.id));
    const member = await createEconomyMember(t.app, t.prisma, {});
    const seen = bannerSiteListSchema.parse((await t.app.inject({ method: 'GET', url: '/api/bannersite/ativos', headers: member.headers })).json()).map((x) => x.id);
    expect(seen.indexOf(b.id)).toBeLessThan(seen.indexOf(a.id));
    expect((await t.prisma.auditEntry.findFirst({ where: { action: 'banner.ordenar', actorId: s.marketing.id } }))?.after).toMatchObject({ ordem: expect.any(Array) });

    expectError(await t.app.inject({ method: 'PUT', url: '/api/admin/banners/site-ordem', headers: s.admin.headers, payload: { ids: [a.id, a.id] } }), 400, BANNER_ADMIN_MSG.ordemIncompleta);
    expectError(await t.app.inject({ method: 'PUT', url: '/api/admin/banners/site-ordem', headers: s.admin.headers, payload: { ids: [999_999_999] } }), 404);
    expectError(await t.app.inject({ method: 'PUT', url: '/api/admin/banners/site-ordem', headers: s.atendimento.headers, payload: { ids: [a.id] } }), 403);
  });
});

describe('hero images', () => {
  it('marketing creates one and members get it from GET /banner; others are refused', async () => {
    const res = await post(s.marketing, '/api/admin/banners/principais', mainBody({ perfil: 'outsider', lead: false }));
    expect(res.statusCode, res.body).toBe(201);
    const b = mainBannerAdminSchema.parse(res.json());
    const member = await createEconomyMember(t.app, t.prisma, {});
    const list = bannerHomeListSchema.parse((await t.app.inject({ method: 'GET', url: '/api/banner', headers: member.headers })).json());
    expect(list.find((x) => x.id === b.id)).toMatchObject({ perfil: 'outsider', lead: false });
    expect((await auditOf('banner', b.id))[0]).toMatchObject({ action: 'banner.criar', actorId: s.marketing.id });
    expectError(await post(s.operacao, '/api/admin/banners/principais', mainBody()), 403);
    expectError(await post(s.admin, '/api/admin/banners/principais', mainBody({ perfil: 'nenhum' })), 400);
    expectError(await post(s.admin, '/api/admin/banners/principais', mainBody({ textoAlternativo: ' ' })), 400);
  });
});

describe('GET /api/admin/banners/previa', () => {
  it('answers what a member of that type and city would see at that moment, with the home’s own rules', async () => {
    const city = `Salvador ${tag()}`;
    const future = bannerSiteAdminSchema.parse((await post(s.admin, '/api/admin/banners/site', siteBody({ cidades: [city], inicio: iso(48 * HOUR), fim: iso(72 * HOUR) }))).json());
    const preview = async (q: string, who = s.atendimento) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/admin/banners/previa?${q}`, headers: who.headers });
      expect(res.statusCode, res.body).toBe(200);
      return bannerPreviewSchema.parse(res.json());
    };
    const at = encodeURIComponent(iso(60 * HOUR));
    expect((await preview(`tipo=legionario&cidade=${encodeURIComponent(city)}&data=${at}`)).site.map((b) => b.id)).toContain(future.id);
    // Today it is not open yet; a lead or staff never sees an exclusive banner; another city doesn't.
    expect((await preview(`tipo=legionario&cidade=${encodeURIComponent(city)}`)).site.map((b) => b.id)).not.toContain(future.id);
    expect((await preview(`tipo=lead&cidade=${encodeURIComponent(city)}&data=${at}`)).site.map((b) => b.id)).not.toContain(future.id);
    expect((await preview(`tipo=colaborador&cidade=${encodeURIComponent(city)}&data=${at}`)).site.map((b) => b.id)).not.toContain(future.id);
    expect((await preview(`tipo=legionario&cidade=Recife&data=${at}`)).site.map((b) => b.id)).not.toContain(future.id);
    expect((await preview('tipo=legionario')).principais.length).toBeGreaterThan(0);

    expectError(await t.app.inject({ method: 'GET', url: '/api/admin/banners/previa?data=amanha', headers: s.admin.headers }), 400);
    expectError(await t.app.inject({ method: 'GET', url: '/api/admin/banners/previa?tipo=chefe', headers: s.admin.headers }), 400);
    expectError(await t.app.inject({ method: 'GET', url: '/api/admin/banners/previa', headers: s.membro.headers }), 403);
    expectError(await t.app.inject({ method: 'GET', url: '/api/admin/banners/previa' }), 401);
  });
});
