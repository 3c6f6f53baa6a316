import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MEMBER_DATA_MSG, memberSyncPageSchema, type MemberSyncItem, type MemberSyncPage } from '@legiao/contracts/integracao/membros';
import { poolOf } from '../src/db/prisma.js';
import { buildTestApp, type TestApp } from './support/app.js';
import { bearer, createUser, expectError, login, TEST_PASSWORD, uniqueEmail } from './support/factories.js';
import { createApiClient } from './support/integration-client.js';

// The CRM's sync (issue 30; docs/decisions/0045-crm-personal-data.md): cursor pages ordered by the
// transaction that last changed each member (alterado_xid, id), cut at the snapshot's xmin, so nobody
// is lost or repeated while members sign up and change concurrently, including behind a transaction
// that stays open across pages. On the shared test database other files write members too: the
// assertions are about this file's members, found by id.

let t: TestApp;
let crm: Awaited<ReturnType<typeof createApiClient>>;
const clients: pg.Client[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  crm = await createApiClient(t.prisma, ['membros:dados'], { nome: 'CRM Sync', perMinute: 100_000 });
});
afterAll(async () => {
  for (const c of clients) await c.end().catch(() => {});
  await t.close();
});

const URL = '/api/integracao/v1/membros/sincronizacao';
async function page(query: Record<string, string | number | undefined>): Promise<MemberSyncPage> {
  const qs = new URLSearchParams(Object.entries(query).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])));
  const res = await t.app.inject({ method: 'GET', url: `${URL}?${qs}`, headers: crm.headers });
  expect(res.statusCode, res.body).toBe(200);
  return memberSyncPageSchema.strict().parse(res.json());
}

async function connect() {
  const c = new pg.Client({ connectionString: inject('databaseUrl') });
  await c.connect();
  clients.push(c);
  return c;
}

/** A member straight in SQL on `db` (a connection that may hold a transaction open). */
async function insertMember(db: pg.Client | pg.Pool, active = true): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO usuario (id, hash, email, nome, ativo, ativado_em, data_atualizacao)
     VALUES (gen_random_uuid(), gen_random_uuid(), $1, 'Membro Sync', $2, CASE WHEN $2 THEN now() AT TIME ZONE 'UTC' END, now() AT TIME ZONE 'UTC') RETURNING id::text`,
    [uniqueEmail('sync'), active],
  );
  return rows[0]!.id;
}

/** Pages with `limite` from `cursor` until temMais is false; every item seen, in order. */
async function drain(cursor: string | undefined, limit: number, since?: string): Promise<{ items: MemberSyncItem[]; cursor: string }> {
  const items: MemberSyncItem[] = [];
  for (;;) {
    const p = await page({ cursor, limite: limit, alteradosDesde: since });
    items.push(...p.membros);
    cursor = p.proximoCursor;
    if (!p.temMais) return { items, cursor };
  }
}

/**
 * Drains again (after a pause) until every id in `ids` was seen: on the shared database other files'
 * transactions may be open, and the sync rightly holds back everything changed after the oldest of
 * them until it ends (temMais is false meanwhile).
 */
async function drainUntil(cursor: string | undefined, ids: string[], since?: string): Promise<{ items: MemberSyncItem[]; cursor: string }> {
  const items: MemberSyncItem[] = [];
  const deadline = Date.now() + 60_000;
  for (;;) {
    const r = await drain(cursor, 1000, since);
    items.push(...r.items);
    cursor = r.cursor;
    if (ids.every((id) => items.some((m) => m.id === id))) return { items, cursor };
    if (Date.now() > deadline) throw new Error(`not seen in 60 s: ${ids.filter((id) => !items.some((m) => m.id === id)).join(', ')}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('GET /api/integracao/v1/membros/sincronizacao', () => {
  it('walks every activated member once, deleted ones as tombstones, never a pending sign-up; continues with only later changes', async () => {
    const since = new Date(Date.now() - 1000).toISOString();
    const a = await createUser(t.prisma, { optInSms: true });
    const b = await createUser(t.prisma);
    const pending = await createUser(t.prisma, { ativo: false });
    const gone = await createUser(t.prisma);
    const del = await t.app.inject({ method: 'DELETE', url: '/api/usuario', headers: bearer(await login(t.app, gone.email)), payload: { senha: TEST_PASSWORD } });
    expect(del.statusCode, del.body).toBe(200);

    const first = await drainUntil(undefined, [a.usuario.id, b.usuario.id, gone.usuario.id], since);
    const mine = (items: MemberSyncItem[], id: string) => items.filter((m) => m.id === id);
    expect(mine(first.items, a.usuario.id)).toHaveLength(1);
    expect(mine(first.items, b.usuario.id)).toHaveLength(1);
    expect(mine(first.items, pending.usuario.id)).toEqual([]);
    const [tomb] = mine(first.items, gone.usuario.id);
    expect(tomb).toMatchObject({ id: gone.usuario.id, excluido: true, email: null, nome: null, tipo: null, ativo: null, celular: null, consentimentos: null, saldo: null, colecao: null });
    expect(tomb!.excluidoEm).toMatch(/Z$/);
    expect(JSON.stringify(first.items)).not.toContain(gone.email);
    expect(mine(first.items, a.usuario.id)[0]).toMatchObject({ excluido: false, excluidoEm: null, email: a.email, nome: 'Joana Membro', tipo: 'legionario', ativo: true, celular: '21987654321', saldo: 0, colecao: { produtos: 0, numerosLegionario: 0 } });
    // Reads recorded for the members with data (not the tombstone), one per member per page.
    expect(await t.prisma.leituraDadosIntegracao.count({ where: { usuarioId: a.usuario.id, clienteId: crm.id, motivo: 'sincronizacao' } })).toBe(1);
    expect(await t.prisma.leituraDadosIntegracao.count({ where: { usuarioId: gone.usuario.id } })).toBe(0);

    // Nothing changed: the cursor at the end brings none of them again; a change brings that one back.
    const idle = await drain(first.cursor, 1000);
    expect(idle.items.filter((m) => [a, b].some((u) => u.usuario.id === m.id))).toEqual([]);
    // A change of no synced field (the profile's persona): not sent again. Made before b's change, so
    // once b's comes, a's would have come too.
    await t.prisma.usuario.update({ where: { id: a.usuario.id }, data: { perfil: 'estiloso' } });
    await t.prisma.usuario.update({ where: { id: b.usuario.id }, data: { nome: 'Beatriz Nova' } });
    const later = await drainUntil(idle.cursor, [b.usuario.id]);
    expect(later.items.filter((m) => m.id === b.usuario.id).map((m) => m.nome)).toEqual(['Beatriz Nova']);
    expect(later.items.filter((m) => m.id === a.usuario.id)).toEqual([]);
  });

  it('loses and repeats no one while members sign up, activate, and a transaction stays open across pages', async () => {
    const since = new Date(Date.now() - 1000).toISOString();
    const expected = new Set<string>();
    for (let i = 0; i < 12; i++) expected.add((await createUser(t.prisma)).usuario.id);
    const pendingIds: string[] = [];
    for (let i = 0; i < 4; i++) pendingIds.push(await insertMember(poolOf(t.prisma), false));

    // A transaction that takes its xid now and commits only after several pages.
    const open = await connect();
    await open.query('BEGIN');
    const held = await insertMember(open);
    expected.add(held);

    const writer = await connect();
    const pending: string[] = [];
    for (let i = 0; i < 3; i++) pending.push(await insertMember(writer, false));
    const writtenAfterHeld = new Set<string>();
    const seen = new Map<string, number>();
    const record = (items: MemberSyncItem[]) => items.forEach((m) => seen.set(m.id, (seen.get(m.id) ?? 0) + 1));

    let cursor: string | undefined;
    let writes = 0;
    let committed = false;
    const deadline = Date.now() + 60_000;
    // Page with a small limit while another connection signs members up and activates the pending ones.
    for (let round = 0; ; round++) {
      const p = await page({ cursor, limite: 3, alteradosDesde: since });
      record(p.membros);
      cursor = p.proximoCursor;
      if (!committed) {
        // Behind the open transaction nothing later is handed out (its xid holds the snapshot's xmin).
        expect(p.membros.map((m) => m.id)).not.toContain(held);
      }
      if (writes < 15) {
        const id = await insertMember(writer);
        expected.add(id);
        writtenAfterHeld.add(id);
        if (writes < pending.length) {
          await writer.query(`UPDATE usuario SET ativo = true, ativado_em = now() AT TIME ZONE 'UTC' WHERE id = $1`, [pending[writes]]);
          expected.add(pending[writes]!);
          writtenAfterHeld.add(pending[writes]!);
        }
        writes++;
      } else if (!committed) {
        // Every change committed after the open transaction took its xid waits behind it: none handed out yet.
        expect([...writtenAfterHeld].filter((id) => seen.has(id))).toEqual([]);
        await open.query('COMMIT');
        committed = true;
      } else if (!p.temMais && [...expected].every((id) => seen.has(id))) {
        break;
      }
      if (Date.now() > deadline) throw new Error(`sync did not converge: ${[...expected].filter((id) => !seen.has(id)).length} unseen`);
      if (!p.temMais && committed) await new Promise((r) => setTimeout(r, 50));
    }
    for (const id of expected) expect(seen.get(id), id).toBe(1);
    // The pending sign-ups never activated are not there (the first four stayed pending).
    for (const id of pendingIds.filter(Boolean)) expect(seen.has(id)).toBe(false);
  });

  it('a cursor that is not ours, a limit out of range, a bad date: 400 in Portuguese', async () => {
    const bad = (qs: string) => t.app.inject({ method: 'GET', url: `${URL}?${qs}`, headers: crm.headers });
    for (const cursor of ['lixo!', Buffer.from(`abc.${randomUUID()}`).toString('base64url'), Buffer.from('1.naoeuuid').toString('base64url'), Buffer.from(`99999999999999999999.${randomUUID()}`).toString('base64url')]) {
      expectError(await bad(`cursor=${encodeURIComponent(cursor)}`), 400, MEMBER_DATA_MSG.cursorInvalido);
    }
    for (const limit of ['0', '1001', '-1', '1.5', 'dez']) expectError(await bad(`limite=${limit}`), 400, MEMBER_DATA_MSG.limiteInvalido);
    expectError(await bad('alteradosDesde=ontem'), 400, MEMBER_DATA_MSG.dataInvalida);
    // The bounds themselves are fine.
    expect((await bad('limite=1')).statusCode).toBe(200);
    expect((await bad('limite=1000')).statusCode).toBe(200);
  });
});
