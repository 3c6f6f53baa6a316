import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MSG, MSG, STAFF_ROLES, type StaffRole } from '@legiao/contracts';
import { staffListSchema, staffMeSchema, staffMemberSchema } from '@legiao/contracts/admin/equipe';
import { setAdmin } from '../src/features/admin/admin-grant.js';
import { buildTestApp, type TestApp } from './support/app.js';
import { bearer, createUser, expectError, login } from './support/factories.js';
import { createStaff, createStaffByRole, type StaffSession } from './support/staff.js';

// Staff roles (docs/decisions/0027-back-office.md): GET /api/admin/eu, the roles screen's list and
// PUT /api/admin/equipe/papeis (admin only, audited, nobody changes their own roles).

let t: TestApp;
let s: Record<StaffRole | 'membro', StaffSession>;
beforeAll(async () => {
  t = await buildTestApp();
  s = await createStaffByRole(t);
});
afterAll(() => t.close());

const put = (headers: Record<string, string>, payload: unknown) => t.app.inject({ method: 'PUT', url: '/api/admin/equipe/papeis', headers, payload: payload as object });
const auditOf = (entityId: string) => t.prisma.auditEntry.findMany({ where: { entity: 'equipe', entityId }, orderBy: { createdAt: 'asc' } });

describe('GET /api/admin/eu', () => {
  it('answers each role with its permissions', async () => {
    for (const role of STAFF_ROLES) {
      const res = await t.app.inject({ method: 'GET', url: '/api/admin/eu', headers: s[role].headers });
      expect(res.statusCode, res.body).toBe(200);
      const me = staffMeSchema.parse(res.json());
      expect(me.papeis).toEqual([role]);
      expect(me.permissoes.includes('staff.manage')).toBe(role === 'admin');
      expect(me.permissoes.includes('content.write')).toBe(role === 'admin' || role === 'marketing');
      expect(me.permissoes).toContain('audit.read');
    }
  });

  it('refuses a member without a role (403, in Portuguese) and no session (401)', async () => {
    expectError(await t.app.inject({ method: 'GET', url: '/api/admin/eu', headers: s.membro.headers }), 403, ADMIN_MSG.somenteEquipe);
    expectError(await t.app.inject({ method: 'GET', url: '/api/admin/eu' }), 401, MSG.naoAutenticado);
  });

  it('a revoked role stops working on the next request (no cache of roles)', async () => {
    const x = await createStaff(t, ['marketing']);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/eu', headers: x.headers })).statusCode).toBe(200);
    await t.prisma.staffRole.deleteMany({ where: { usuarioId: x.id } });
    expectError(await t.app.inject({ method: 'GET', url: '/api/admin/eu', headers: x.headers }), 403);
  });
});

describe('GET /api/admin/equipe', () => {
  it('lists people with roles to an admin, filtered by role and search, paged and sorted', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/admin/equipe?papel=marketing&busca=${encodeURIComponent(s.marketing.email)}`, headers: s.admin.headers });
    expect(res.statusCode, res.body).toBe(200);
    const page = staffListSchema.parse(res.json());
    expect(page.total).toBe(1);
    expect(page.itens[0]).toMatchObject({ id: s.marketing.id, email: s.marketing.email, papeis: ['marketing'] });
    const all = staffListSchema.parse((await t.app.inject({ method: 'GET', url: '/api/admin/equipe?porPagina=2&ordem=-email', headers: s.admin.headers })).json());
    expect(all.itens).toHaveLength(2);
    expect(all.total).toBeGreaterThanOrEqual(4);
    expect(all.itens[0]!.email >= all.itens[1]!.email).toBe(true);
    // Members without a role are not staff.
    const none = staffListSchema.parse((await t.app.inject({ method: 'GET', url: `/api/admin/equipe?busca=${encodeURIComponent(s.membro.email)}`, headers: s.admin.headers })).json());
    expect(none.total).toBe(0);
  });

  it('refuses the other roles (403), no session (401) and bad paging or sorting (400)', async () => {
    for (const who of ['marketing', 'atendimento', 'operacao', 'membro'] as const) {
      expectError(await t.app.inject({ method: 'GET', url: '/api/admin/equipe', headers: s[who].headers }), 403, who === 'membro' ? ADMIN_MSG.semPermissao : ADMIN_MSG.semPermissao);
    }
    expectError(await t.app.inject({ method: 'GET', url: '/api/admin/equipe' }), 401);
    expectError(await t.app.inject({ method: 'GET', url: '/api/admin/equipe?pagina=0', headers: s.admin.headers }), 400, ADMIN_MSG.paginaInvalida);
    expectError(await t.app.inject({ method: 'GET', url: '/api/admin/equipe?porPagina=1000', headers: s.admin.headers }), 400, ADMIN_MSG.porPaginaInvalido);
    expectError(await t.app.inject({ method: 'GET', url: '/api/admin/equipe?ordem=senhaHash', headers: s.admin.headers }), 400, ADMIN_MSG.ordemInvalida);
    expectError(await t.app.inject({ method: 'GET', url: '/api/admin/equipe?papel=dono', headers: s.admin.headers }), 400, ADMIN_MSG.papelInvalido);
  });
});

describe('PUT /api/admin/equipe/papeis', () => {
  it('an admin grants and revokes roles; each change is audited with before and after', async () => {
    const { usuario: user, email } = await createUser(t.prisma);
    const res = await put(s.admin.headers, { email: email.toUpperCase(), papeis: ['marketing', 'atendimento'] });
    expect(res.statusCode, res.body).toBe(200);
    expect(staffMemberSchema.parse(res.json())).toMatchObject({ id: user.id, papeis: ['marketing', 'atendimento'] });
    // The new role works at once: the account now reads the back office.
    const headers = bearer(await login(t.app, email));
    expect(staffMeSchema.parse((await t.app.inject({ method: 'GET', url: '/api/admin/eu', headers })).json()).papeis).toEqual(['marketing', 'atendimento']);

    expect((await put(s.admin.headers, { email, papeis: ['atendimento'] })).statusCode).toBe(200);
    // The same set again changes nothing and records nothing.
    expect((await put(s.admin.headers, { email, papeis: ['atendimento'] })).statusCode).toBe(200);
    const audit = await auditOf(user.id);
    expect(audit.map((a) => [a.actorId, a.action, a.before, a.after])).toEqual([
      [s.admin.id, 'equipe.papeis', { email, papeis: [] }, { email, papeis: ['marketing', 'atendimento'] }],
      [s.admin.id, 'equipe.papeis', { email, papeis: ['marketing', 'atendimento'] }, { email, papeis: ['atendimento'] }],
    ]);
    expect(audit[0]!.requestId).toBe(res.headers['x-request-id']);

    expect((await put(s.admin.headers, { email, papeis: [] })).statusCode).toBe(200);
    expectError(await t.app.inject({ method: 'GET', url: '/api/admin/eu', headers }), 403);
  });

  it('keeps usuario.admin in step with the admin role, both ways', async () => {
    const { usuario: user, email } = await createUser(t.prisma);
    await put(s.admin.headers, { email, papeis: ['admin'] });
    expect((await t.prisma.usuario.findUniqueOrThrow({ where: { id: user.id } })).admin).toBe(true);
    await put(s.admin.headers, { email, papeis: ['operacao'] });
    expect((await t.prisma.usuario.findUniqueOrThrow({ where: { id: user.id } })).admin).toBe(false);
    // The old flag, set directly (older scripts and tests), grants the role.
    await t.prisma.usuario.update({ where: { id: user.id }, data: { admin: true } });
    expect((await t.prisma.staffRole.findMany({ where: { usuarioId: user.id } })).map((r) => r.role).sort()).toEqual(['admin', 'operacao']);
  });

  it('nobody changes their own roles, not even an admin', async () => {
    expectError(await put(s.admin.headers, { email: s.admin.email, papeis: ['admin', 'marketing'] }), 403, ADMIN_MSG.proprioPapel);
    expectError(await put(s.admin.headers, { email: s.admin.email, papeis: [] }), 403, ADMIN_MSG.proprioPapel);
  });

  it('refuses the other roles (403), a member granting themselves (403) and no session (401); nothing changes', async () => {
    const { usuario: user, email } = await createUser(t.prisma);
    for (const who of ['marketing', 'atendimento', 'operacao', 'membro'] as const) {
      expectError(await put(s[who].headers, { email, papeis: ['admin'] }), 403, ADMIN_MSG.semPermissao);
      expectError(await put(s[who].headers, { email: s[who].email, papeis: ['admin'] }), 403, ADMIN_MSG.semPermissao);
    }
    expectError(await put({}, { email, papeis: ['admin'] }), 401);
    expect(await t.prisma.staffRole.count({ where: { usuarioId: { in: [user.id, s.membro.id] } } })).toBe(0);
    expect(await t.prisma.staffRole.count({ where: { usuarioId: s.marketing.id } })).toBe(1);
  });

  it('answers bad input with 400 and an unknown account with 404, in Portuguese', async () => {
    expectError(await put(s.admin.headers, { email: 'ninguem@legiao.invalid', papeis: ['marketing'] }), 404, ADMIN_MSG.contaInexistente);
    expectError(await put(s.admin.headers, { email: s.membro.email, papeis: ['dono'] }), 400, ADMIN_MSG.papelInvalido);
    expectError(await put(s.admin.headers, { email: s.membro.email, papeis: 'admin' }), 400);
    expectError(await put(s.admin.headers, {}), 400);
  });
});

describe('admin:grant (the first administrator)', () => {
  it('grants and revokes the admin role, keeping other roles, audited without an author', async () => {
    const x = await createStaff(t, ['marketing']);
    expect(await setAdmin(t.prisma, x.email, true)).toBe('concedido');
    expect(await setAdmin(t.prisma, x.email, true)).toBe('sem-mudanca');
    expect((await t.prisma.staffRole.findMany({ where: { usuarioId: x.id } })).map((r) => r.role).sort()).toEqual(['admin', 'marketing']);
    expect(await setAdmin(t.prisma, x.email, false)).toBe('revogado');
    expect(await setAdmin(t.prisma, 'ninguem@legiao.invalid', true)).toBe('conta-inexistente');
    const audit = await auditOf(x.id);
    expect(audit.map((a) => [a.actorId, a.requestId, a.after])).toEqual([
      [null, 'cli', { email: x.email, papeis: ['admin', 'marketing'] }],
      [null, 'cli', { email: x.email, papeis: ['marketing'] }],
    ]);
  });
});
