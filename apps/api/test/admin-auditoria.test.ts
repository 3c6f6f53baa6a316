import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MSG, STAFF_ROLES, type StaffRole } from '@legiao/contracts';
import { auditEntitiesSchema, auditEntrySchema, auditListSchema } from '@legiao/contracts/admin/auditoria';
import { poolOf } from '../src/db/prisma.js';
import { recordAudit } from '../src/features/admin/audit/audit.service.js';
import { buildTestApp, type TestApp } from './support/app.js';
import { expectError } from './support/factories.js';
import { createStaffByRole, type StaffSession } from './support/staff.js';

// The audit trail (docs/decisions/0027-back-office.md): written in the writer's transaction,
// append-only in the database, read by every staff role with filters by person, entity and date.

let t: TestApp;
let s: Record<StaffRole | 'membro', StaffSession>;
const entity = `teste-${randomUUID().slice(0, 8)}`;
beforeAll(async () => {
  t = await buildTestApp();
  s = await createStaffByRole(t);
  await recordAudit(t.prisma, { actorId: s.marketing.id, action: `${entity}.criar`, entity: entity, entityId: 1, before: null, after: { nome: 'Um', quando: new Date('2026-01-02T03:04:05Z'), grande: 10n }, requestId: 'req-1' });
  await recordAudit(t.prisma, { actorId: s.admin.id, action: `${entity}.editar`, entity: entity, entityId: '1', before: { nome: 'Um' }, after: { nome: 'Dois' }, requestId: 'req-2' });
});
afterAll(() => t.close());

const list = (query: string, headers: Record<string, string> = s.atendimento.headers) => t.app.inject({ method: 'GET', url: `/api/admin/auditoria?${query}`, headers });

describe('recordAudit', () => {
  it('writes inside the caller’s transaction: a rolled-back write leaves no audit row', async () => {
    const tag = `rollback-${randomUUID()}`;
    await expect(
      t.prisma.$transaction(async (tx) => {
        await recordAudit(tx, { actorId: null, action: 'x.y', entity: tag, entityId: null, before: null, after: { a: 1 }, requestId: null });
        throw new Error('falhou depois');
      }),
    ).rejects.toThrow('falhou depois');
    expect(await t.prisma.auditEntry.count({ where: { entity: tag } })).toBe(0);
    // And with a pg client in its own transaction.
    const client = await poolOf(t.prisma).connect();
    try {
      await client.query('BEGIN');
      await recordAudit(client, { actorId: null, action: 'x.y', entity: tag, entityId: 7, before: { a: 1 }, after: null, requestId: 'pg' });
      await client.query('COMMIT');
    } finally {
      client.release();
    }
    expect(await t.prisma.auditEntry.findMany({ where: { entity: tag }, select: { entityId: true, before: true, after: true, requestId: true } })).toEqual([{ entityId: '7', before: { a: 1 }, after: null, requestId: 'pg' }]);
  });
});

describe('the audit table is append-only, through the connection the API uses', () => {
  // The API connects as the table's owner (a superuser in docker-compose): the trigger, not
  // privileges, is what stops it. Each statement runs on the API's own pool.
  const pool = () => poolOf(t.prisma);
  it.each([
    ['UPDATE', 'UPDATE auditoria SET acao = acao'],
    ['UPDATE of no row', "UPDATE auditoria SET acao = 'x' WHERE false"],
    ['DELETE', 'DELETE FROM auditoria'],
    ['DELETE of no row', 'DELETE FROM auditoria WHERE false'],
    ['TRUNCATE', 'TRUNCATE auditoria'],
  ])('%s is refused', async (_name, sql) => {
    // Other files write audit rows at the same time: this file's own rows must be intact, and the
    // table may only have grown (a DELETE or TRUNCATE that got through would empty it).
    const mine = () => t.prisma.auditEntry.findMany({ where: { entity }, orderBy: { id: 'asc' } });
    const [before, total] = [await mine(), await t.prisma.auditEntry.count()];
    expect(before).toHaveLength(2);
    await expect(pool().query(sql)).rejects.toThrow(/A auditoria só aceita inserções/);
    expect(await mine()).toEqual(before);
    expect(await t.prisma.auditEntry.count()).toBeGreaterThanOrEqual(total);
  });

  it('also under session_replication_role = replica (the trigger is ENABLE ALWAYS), and through Prisma', async () => {
    const client = await pool().connect();
    try {
      await client.query('BEGIN');
      await client.query("SET LOCAL session_replication_role = 'replica'");
      await expect(client.query('DELETE FROM auditoria')).rejects.toThrow(/só aceita inserções/);
      await client.query('ROLLBACK');
    } finally {
      client.release();
    }
    const row = await t.prisma.auditEntry.findFirstOrThrow({ where: { entity: entity } });
    await expect(t.prisma.auditEntry.update({ where: { id: row.id }, data: { action: 'apagado' } })).rejects.toThrow();
    await expect(t.prisma.auditEntry.delete({ where: { id: row.id } })).rejects.toThrow();
    expect((await t.prisma.auditEntry.findUniqueOrThrow({ where: { id: row.id } })).action).toBe(row.action);
  });
});

describe('GET /api/admin/auditoria', () => {
  it('every staff role reads the trail, newest first, with the author and the JSON before/after', async () => {
    for (const role of STAFF_ROLES) {
      const res = await list(`entidade=${entity}`, s[role].headers);
      expect(res.statusCode, res.body).toBe(200);
      const page = auditListSchema.parse(res.json());
      expect(page.total).toBe(2);
      expect(page.itens.map((e) => e.acao)).toEqual([`${entity}.editar`, `${entity}.criar`]);
    }
    const page = auditListSchema.parse((await list(`entidade=${entity}&ordem=criadoEm`)).json());
    const create = page.itens[0]!;
    expect(create).toMatchObject({ entidadeId: '1', antes: null, depois: { nome: 'Um', quando: '2026-01-02T03:04:05.000Z', grande: '10' }, requestId: 'req-1' });
    expect(create.autor).toEqual({ id: s.marketing.id, nome: 'Joana Membro', email: s.marketing.email });
  });

  it('filters by person (name or e-mail), entity id and São Paulo dates', async () => {
    const byAuthor = auditListSchema.parse((await list(`entidade=${entity}&autor=${encodeURIComponent(s.admin.email.toUpperCase())}`)).json());
    expect(byAuthor.itens.map((e) => e.acao)).toEqual([`${entity}.editar`]);
    const nobody = auditListSchema.parse((await list(`entidade=${entity}&autor=ninguem-com-esse-nome`)).json());
    expect(nobody.total).toBe(0);
    expect(auditListSchema.parse((await list(`entidade=${entity}&entidadeId=2`)).json()).total).toBe(0);
    const today = new Date(Date.now() - 3 * 3600_000).toISOString().slice(0, 10); // São Paulo's date
    expect(auditListSchema.parse((await list(`entidade=${entity}&de=${today}&ate=${today}`)).json()).total).toBe(2);
    expect(auditListSchema.parse((await list(`entidade=${entity}&ate=2020-01-01`)).json()).total).toBe(0);
    expect(auditListSchema.parse((await list(`entidade=${entity}&de=2999-01-01`)).json()).total).toBe(0);
    const paged = auditListSchema.parse((await list(`entidade=${entity}&porPagina=1&pagina=2`)).json());
    expect(paged).toMatchObject({ total: 2, pagina: 2, porPagina: 1 });
    expect(paged.itens.map((e) => e.acao)).toEqual([`${entity}.criar`]);
  });

  it('opens one entry, and lists the entities for the filter', async () => {
    const [first] = auditListSchema.parse((await list(`entidade=${entity}`)).json()).itens;
    const res = await t.app.inject({ method: 'GET', url: `/api/admin/auditoria/${first!.id}`, headers: s.operacao.headers });
    expect(auditEntrySchema.parse(res.json())).toEqual(first);
    expectError(await t.app.inject({ method: 'GET', url: `/api/admin/auditoria/${randomUUID()}`, headers: s.operacao.headers }), 404);
    expectError(await t.app.inject({ method: 'GET', url: '/api/admin/auditoria/nao-e-uuid', headers: s.operacao.headers }), 400, ADMIN_MSG.idInvalido);
    const ent = auditEntitiesSchema.parse((await t.app.inject({ method: 'GET', url: '/api/admin/auditoria/entidades', headers: s.marketing.headers })).json());
    expect(ent.entidades).toContain(entity);
  });

  it('refuses a member without a role (403) and no session (401) on every route', async () => {
    const { id } = auditListSchema.parse((await list(`entidade=${entity}`)).json()).itens[0]!;
    for (const url of ['/api/admin/auditoria', '/api/admin/auditoria/entidades', `/api/admin/auditoria/${id}`]) {
      expectError(await t.app.inject({ method: 'GET', url, headers: s.membro.headers }), 403, ADMIN_MSG.semPermissao);
      expectError(await t.app.inject({ method: 'GET', url }), 401);
    }
  });

  it('answers bad filters with 400 in Portuguese', async () => {
    expectError(await list('de=2026-13-45'), 400, ADMIN_MSG.dataInvalida);
    expectError(await list('ate=ontem'), 400, ADMIN_MSG.dataInvalida);
    // A day that does not exist (Date.parse would roll it over to 2 March).
    expectError(await list('de=2026-02-30'), 400, ADMIN_MSG.dataInvalida);
    expectError(await list('ordem=-acao'), 400, ADMIN_MSG.ordemInvalida);
    expectError(await list('pagina=abc'), 400, ADMIN_MSG.paginaInvalida);
  });
});
