import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MSG, MSG, can, STAFF_ROLES, type StaffRole } from '@legiao/contracts';
import { FAQ_ADMIN_MSG, faqAdminListSchema, faqAdminSchema } from '@legiao/contracts/admin/faq';
import { faqListSchema } from '@legiao/contracts/faq';
import { buildTestApp, type TestApp } from './support/app.js';
import { expectError } from './support/factories.js';
import { createStaffByRole, type StaffSession } from './support/staff.js';

// /api/admin/faq (issue 16 item 5; ADR 0029): per role (allowed, 403, 401), bad input, audit, and
// the public GET /Faq answering each change at once (content cache, ADR 0019).

let t: TestApp;
let s: Record<StaffRole | 'membro', StaffSession>;
beforeAll(async () => {
  t = await buildTestApp();
  s = await createStaffByRole(t);
});
afterAll(() => t.close());

const tag = () => Math.random().toString(36).slice(2, 10);
const body = (over: Record<string, unknown> = {}) => ({ pergunta: `Como funciona ${tag()}?`, resposta: 'Assim.', categoria: 'faq', ...over });
const create = async (who: StaffSession, over: Record<string, unknown> = {}) => {
  const res = await t.app.inject({ method: 'POST', url: '/api/admin/faq', headers: who.headers, payload: body(over) });
  expect(res.statusCode, res.body).toBe(201);
  return faqAdminSchema.parse(res.json());
};
const publicFaq = async (q = '') => faqListSchema.parse((await t.app.inject({ method: 'GET', url: `/api/Faq${q}` })).json());

describe('/api/admin/faq', () => {
  it('every staff role lists both lists with inactive ones; a member 403, nobody 401', async () => {
    // Every role that reads content (not integracoes: the store's developers see nothing of it).
    for (const role of STAFF_ROLES.filter((r) => can([r], 'content.read'))) {
      const res = await t.app.inject({ method: 'GET', url: '/api/admin/faq', headers: s[role].headers });
      expect(res.statusCode, res.body).toBe(200);
      faqAdminListSchema.parse(res.json());
    }
    expectError(await t.app.inject({ method: 'GET', url: '/api/admin/faq', headers: s.membro.headers }), 403, ADMIN_MSG.semPermissao);
    expectError(await t.app.inject({ method: 'GET', url: '/api/admin/faq' }), 401, MSG.naoAutenticado);
  });

  it('admin and marketing create at the end of the list; GET /Faq shows it at once; audited', async () => {
    for (const role of ['admin', 'marketing'] as const) {
      const f = await create(s[role], { categoria: 'duvidas' });
      const list = await publicFaq('?ativo=true');
      const questions = list.filter((x) => x.categoria === 'duvidas');
      expect(questions.at(-1)?.id).toBe(f.id);
      const [audit] = await t.prisma.auditEntry.findMany({ where: { entity: 'faq', entityId: String(f.id) } });
      expect(audit).toMatchObject({ action: 'faq.criar', actorId: s[role].id, before: null });
    }
  });

  it('the other roles get 403 on every write, nobody 401; nothing changes', async () => {
    const f = await create(s.admin);
    for (const who of [s.atendimento, s.operacao, s.membro]) {
      expectError(await t.app.inject({ method: 'POST', url: '/api/admin/faq', headers: who.headers, payload: body() }), 403);
      expectError(await t.app.inject({ method: 'PUT', url: `/api/admin/faq/${f.id}`, headers: who.headers, payload: body({ pergunta: 'Mudou?' }) }), 403);
      expectError(await t.app.inject({ method: 'DELETE', url: `/api/admin/faq/${f.id}`, headers: who.headers }), 403);
      expectError(await t.app.inject({ method: 'PUT', url: '/api/admin/faq/ordem', headers: who.headers, payload: { categoria: 'faq', ids: [f.id] } }), 403);
    }
    expectError(await t.app.inject({ method: 'POST', url: '/api/admin/faq', payload: body() }), 401);
    expect((await t.prisma.faq.findUniqueOrThrow({ where: { id: f.id } })).pergunta).toBe(f.pergunta);
  });

  it('bad input answers 400 in Portuguese', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [body({ pergunta: '  ' }), 'Informe a pergunta.'],
      [body({ categoria: 'outra' }), 'Lista inválida: use faq ou duvidas.'],
      [body({ resposta: 'x'.repeat(5001) }), 'Resposta: no máximo 5000 caracteres.'],
    ];
    for (const [payload, msg] of cases) {
      const r = expectError(await t.app.inject({ method: 'POST', url: '/api/admin/faq', headers: s.admin.headers, payload }), 400);
      expect(r.errors.map((e) => e.message)).toContain(msg);
    }
    expectError(await t.app.inject({ method: 'PUT', url: '/api/admin/faq/xyz', headers: s.admin.headers, payload: body() }), 400);
    expectError(await t.app.inject({ method: 'PUT', url: '/api/admin/faq/999999999', headers: s.admin.headers, payload: body() }), 404, FAQ_ADMIN_MSG.naoEncontrada);
  });

  it('deactivating hides it from members; moving lists puts it last; deleting removes it; all audited', async () => {
    const f = await create(s.marketing);
    const off = await t.app.inject({ method: 'PUT', url: `/api/admin/faq/${f.id}`, headers: s.marketing.headers, payload: { pergunta: f.pergunta, resposta: f.resposta, categoria: 'faq', ativo: false } });
    expect(off.statusCode, off.body).toBe(200);
    expect((await publicFaq('?ativo=true')).some((x) => x.id === f.id)).toBe(false);
    expect((await publicFaq('?ativo=false')).some((x) => x.id === f.id)).toBe(true);
    const moved = faqAdminSchema.parse((await t.app.inject({ method: 'PUT', url: `/api/admin/faq/${f.id}`, headers: s.marketing.headers, payload: { pergunta: f.pergunta, resposta: f.resposta, categoria: 'duvidas', ativo: true } })).json());
    const questions = (await publicFaq()).filter((x) => x.categoria === 'duvidas');
    expect(questions.at(-1)?.id).toBe(moved.id);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/admin/faq/${f.id}`, headers: s.admin.headers });
    expect(del.statusCode).toBe(204);
    expect((await publicFaq()).some((x) => x.id === f.id)).toBe(false);
    const actions = (await t.prisma.auditEntry.findMany({ where: { entity: 'faq', entityId: String(f.id) }, orderBy: { createdAt: 'asc' } })).map((a) => a.action);
    expect(actions).toEqual(['faq.criar', 'faq.editar', 'faq.editar', 'faq.remover']);
    expectError(await t.app.inject({ method: 'DELETE', url: `/api/admin/faq/${f.id}`, headers: s.admin.headers }), 404);
  });

  it('reorders within one list; members get the new order; mixed lists and repeats are refused', async () => {
    const a = await create(s.admin);
    const b = await create(s.admin);
    const c = await create(s.admin);
    const res = await t.app.inject({ method: 'PUT', url: '/api/admin/faq/ordem', headers: s.marketing.headers, payload: { categoria: 'faq', ids: [c.id, a.id, b.id] } });
    expect(res.statusCode, res.body).toBe(200);
    const ids = (await publicFaq()).filter((x) => x.categoria === 'faq').map((x) => x.id);
    expect(ids.indexOf(c.id)).toBeLessThan(ids.indexOf(a.id));
    expect(ids.indexOf(a.id)).toBeLessThan(ids.indexOf(b.id));
    const d = await create(s.admin, { categoria: 'duvidas' });
    expectError(await t.app.inject({ method: 'PUT', url: '/api/admin/faq/ordem', headers: s.admin.headers, payload: { categoria: 'faq', ids: [a.id, d.id] } }), 400, FAQ_ADMIN_MSG.ordemOutraLista);
    expectError(await t.app.inject({ method: 'PUT', url: '/api/admin/faq/ordem', headers: s.admin.headers, payload: { categoria: 'faq', ids: [a.id, a.id] } }), 400, FAQ_ADMIN_MSG.ordemRepetida);
    expectError(await t.app.inject({ method: 'PUT', url: '/api/admin/faq/ordem', headers: s.admin.headers, payload: { categoria: 'faq', ids: [999_999_999] } }), 404);
    expect(await t.prisma.auditEntry.count({ where: { action: 'faq.ordenar', actorId: s.marketing.id } })).toBe(1);
  });
});
