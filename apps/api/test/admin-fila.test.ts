import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import WebSocket from 'ws';
import { ADMIN_MSG, waitingRoomStateSchema, MSG, STAFF_ROLES, type StaffRole } from '@legiao/contracts';
import { ADMIN_WAITING_ROOM_WS_PATH, WAITING_ROOM_SCHEDULE_MSG, waitingRoomScheduleListSchema, waitingRoomScheduleSchema, waitingRoomPanelServerMessageSchema, type WaitingRoomPanelServerMessage } from '@legiao/contracts/admin/fila';
import { createPrisma, type Db } from '../src/db/prisma.js';
import { MemoryQueueStore } from '../src/features/fila/store-memory.js';
import { applyDueSchedules, cancelSchedule, createSchedule, listSchedules } from '../src/features/admin/fila/waiting-room-schedule.service.js';
import { buildTestApp, type TestApp } from './support/app.js';
import { expectError } from './support/factories.js';
import { createStaffByRole, type StaffSession } from './support/staff.js';

// The waiting-room panel (issue 16 item 8; ADR 0029): GET/PUT /api/admin/fila and the scheduled
// changes per role, the schedules applied once whichever process races for them, applied by the
// server on time, and the panel's live socket. Only this file writes fila_agendamento, and its tests
// run one after the other: a due row of one test would be applied by another.

const MANAGERS: StaffRole[] = ['admin', 'operacao'];
const OTHERS: StaffRole[] = ['marketing', 'atendimento'];
const STAFF_ID = '00000000-0000-4000-8000-000000000001';
const noop = async () => {};
const iso = (ms: number) => new Date(Date.now() + ms).toISOString();
const memoryStore = () => new MemoryQueueStore({ defaults: { capacidade: 100, admissoesPorMinuto: 600 }, inactivityMs: 120_000 });

let t: TestApp;
let s: Record<StaffRole | 'membro', StaffSession>;
let db: Db;
beforeAll(async () => {
  t = await buildTestApp();
  s = await createStaffByRole(t);
  db = t.prisma;
});
afterAll(() => t.close());
beforeEach(async () => {
  await db.filaAgendamento.deleteMany({});
});

describe('schedules (service)', () => {
  it('applies a due change to the store once and marks it done; a later one waits', async () => {
    const now = new Date();
    const store = memoryStore();
    const due = await db.$transaction((tx) => createSchedule(tx, { executarEm: new Date(now.getTime() + 1000).toISOString(), pausada: true, capacidade: 5 }, STAFF_ID, now));
    const later = await db.$transaction((tx) => createSchedule(tx, { executarEm: new Date(now.getTime() + 3600_000).toISOString(), admissoesPorMinuto: 60 }, STAFF_ID, now));
    expect(await applyDueSchedules(db, store, now, noop)).toEqual([]);
    const done = await applyDueSchedules(db, store, new Date(now.getTime() + 2000), noop);
    expect(done.map((f) => f.schedule.id)).toEqual([due.id]);
    expect(done[0]?.before).toEqual({ capacidade: 100, admissoesPorMinuto: 600, pausada: false });
    expect(done[0]?.after).toEqual({ capacidade: 5, admissoesPorMinuto: 600, pausada: true });
    expect((await store.stats(Date.now())).settings).toEqual({ capacidade: 5, admissoesPorMinuto: 600, pausada: true });
    expect((await listSchedules(db)).map((a) => [a.id, a.situacao])).toEqual([
      [later.id, 'pendente'],
      [due.id, 'executado'],
    ]);
    expect(await applyDueSchedules(db, store, new Date(now.getTime() + 5000), noop)).toEqual([]);
  });

  it('two processes racing for the same due rows apply each exactly once', async () => {
    const now = new Date();
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) ids.push((await db.$transaction((tx) => createSchedule(tx, { executarEm: new Date(now.getTime() + 10 + i).toISOString(), capacidade: 10 + i }, STAFF_ID, now))).id);
    const other = createPrisma(inject('databaseUrl'), 4);
    try {
      const slow = () => new Promise<void>((r) => setTimeout(r, 20));
      const later = new Date(now.getTime() + 1000);
      const [a, b] = await Promise.all([applyDueSchedules(db, memoryStore(), later, slow), applyDueSchedules(other, memoryStore(), later, slow)]);
      expect([...a, ...b].map((x) => x.schedule.id).sort((x, y) => x - y)).toEqual(ids);
    } finally {
      await other.$disconnect();
    }
  });

  it('a store that fails leaves the schedule pending for the next pass; a cancelled one never runs', async () => {
    const now = new Date();
    const store = memoryStore();
    const r = await db.$transaction((tx) => createSchedule(tx, { executarEm: new Date(now.getTime() + 10).toISOString(), pausada: true }, STAFF_ID, now));
    const broken = Object.assign(Object.create(store), { updateSettings: () => Promise.reject(new Error('redis fora')) });
    await expect(applyDueSchedules(db, broken, new Date(now.getTime() + 1000), noop)).rejects.toThrow('redis fora');
    expect((await db.filaAgendamento.findUniqueOrThrow({ where: { id: r.id } })).executadoEm).toBeNull();
    await db.$transaction((tx) => cancelSchedule(tx, r.id, now));
    expect(await applyDueSchedules(db, store, new Date(now.getTime() + 1000), noop)).toEqual([]);
  });
});

describe('GET and PUT /api/admin/fila', () => {
  it('admin and operacao read and change it (audited with before and after); the others 403; nobody 401', async () => {
    for (const role of MANAGERS) {
      const get = await t.app.inject({ method: 'GET', url: '/api/admin/fila', headers: s[role].headers });
      expect(get.statusCode, get.body).toBe(200);
      const before = waitingRoomStateSchema.parse(get.json());
      const put = await t.app.inject({ method: 'PUT', url: '/api/admin/fila', headers: s[role].headers, payload: { capacidade: before.capacidade + 1 } });
      expect(put.statusCode, put.body).toBe(200);
      expect(waitingRoomStateSchema.parse(put.json()).capacidade).toBe(before.capacidade + 1);
      const audit = await db.auditEntry.findFirst({ where: { action: 'fila.configurar', actorId: s[role].id } });
      expect(audit?.before).toMatchObject({ capacidade: before.capacidade });
      expect(audit?.after).toMatchObject({ capacidade: before.capacidade + 1 });
    }
    for (const role of [...OTHERS, 'membro' as const]) {
      expectError(await t.app.inject({ method: 'GET', url: '/api/admin/fila', headers: s[role].headers }), 403, ADMIN_MSG.semPermissao);
      expectError(await t.app.inject({ method: 'PUT', url: '/api/admin/fila', headers: s[role].headers, payload: { pausada: true } }), 403);
    }
    expectError(await t.app.inject({ method: 'GET', url: '/api/admin/fila' }), 401, MSG.naoAutenticado);
    expectError(await t.app.inject({ method: 'PUT', url: '/api/admin/fila', headers: s.admin.headers, payload: { capacidade: 0 } }), 400);
    expectError(await t.app.inject({ method: 'PUT', url: '/api/admin/fila', headers: s.admin.headers, payload: {} }), 400);
  });
});

describe('/api/admin/fila/agendamentos', () => {
  it('admin and operacao schedule, list and cancel (audited); the others 403; nobody 401', async () => {
    for (const role of MANAGERS) {
      const res = await t.app.inject({ method: 'POST', url: '/api/admin/fila/agendamentos', headers: s[role].headers, payload: { executarEm: iso(3600_000), pausada: true, descricao: 'Abertura das vendas' } });
      expect(res.statusCode, res.body).toBe(201);
      const a = waitingRoomScheduleSchema.parse(res.json());
      expect(a).toMatchObject({ situacao: 'pendente', pausada: true, capacidade: null, descricao: 'Abertura das vendas' });
      const list = waitingRoomScheduleListSchema.parse((await t.app.inject({ method: 'GET', url: '/api/admin/fila/agendamentos', headers: s[role].headers })).json());
      expect(list.map((x) => x.id)).toContain(a.id);
      const del = await t.app.inject({ method: 'DELETE', url: `/api/admin/fila/agendamentos/${a.id}`, headers: s[role].headers });
      expect(del.statusCode, del.body).toBe(200);
      expect(waitingRoomScheduleSchema.parse(del.json()).situacao).toBe('cancelado');
      expectError(await t.app.inject({ method: 'DELETE', url: `/api/admin/fila/agendamentos/${a.id}`, headers: s[role].headers }), 409, WAITING_ROOM_SCHEDULE_MSG.jaEncerrado);
      const actions = (await db.auditEntry.findMany({ where: { entity: 'fila_agendamento', entityId: String(a.id) }, orderBy: { createdAt: 'asc' } })).map((x) => [x.action, x.actorId]);
      expect(actions).toEqual([
        ['fila.agendamento.criar', s[role].id],
        ['fila.agendamento.cancelar', s[role].id],
      ]);
    }
    const other = waitingRoomScheduleSchema.parse((await t.app.inject({ method: 'POST', url: '/api/admin/fila/agendamentos', headers: s.admin.headers, payload: { executarEm: iso(3600_000), capacidade: 50 } })).json());
    for (const role of [...OTHERS, 'membro' as const]) {
      expectError(await t.app.inject({ method: 'GET', url: '/api/admin/fila/agendamentos', headers: s[role].headers }), 403);
      expectError(await t.app.inject({ method: 'POST', url: '/api/admin/fila/agendamentos', headers: s[role].headers, payload: { executarEm: iso(3600_000), pausada: true } }), 403);
      expectError(await t.app.inject({ method: 'DELETE', url: `/api/admin/fila/agendamentos/${other.id}`, headers: s[role].headers }), 403);
    }
    expectError(await t.app.inject({ method: 'POST', url: '/api/admin/fila/agendamentos', payload: { executarEm: iso(3600_000), pausada: true } }), 401);
    expect((await db.filaAgendamento.findUniqueOrThrow({ where: { id: other.id } })).canceladoEm).toBeNull();
  });

  it('bad input: a past or far time, no change, a bad date, unknown keys, an unknown id', async () => {
    const post = (payload: object) => t.app.inject({ method: 'POST', url: '/api/admin/fila/agendamentos', headers: s.operacao.headers, payload });
    expectError(await post({ executarEm: iso(-60_000), pausada: true }), 400, WAITING_ROOM_SCHEDULE_MSG.dataPassada);
    expectError(await post({ executarEm: iso(400 * 86_400_000), pausada: true }), 400, WAITING_ROOM_SCHEDULE_MSG.dataLonge);
    expectError(await post({ executarEm: iso(60_000) }), 400, WAITING_ROOM_SCHEDULE_MSG.semAlteracao);
    expectError(await post({ executarEm: '12/12/2026 10:00', pausada: true }), 400, 'Informe data e hora válidas.');
    expectError(await post({ executarEm: iso(60_000), capacidade: 0 }), 400);
    expectError(await post({ executarEm: iso(60_000), pausada: true, habilitada: false }), 400);
    expectError(await t.app.inject({ method: 'DELETE', url: '/api/admin/fila/agendamentos/999999999', headers: s.operacao.headers }), 404, WAITING_ROOM_SCHEDULE_MSG.naoEncontrado);
    expectError(await t.app.inject({ method: 'DELETE', url: '/api/admin/fila/agendamentos/abc', headers: s.operacao.headers }), 400);
  });
});

/** A real WebSocket client of the panel; every message checked against the contract. */
async function panel(url: string) {
  const ws = new WebSocket(url);
  const msgs: WaitingRoomPanelServerMessage[] = [];
  const waiters: (() => void)[] = [];
  let closed = false;
  ws.on('message', (d) => {
    msgs.push(waitingRoomPanelServerMessageSchema.parse(JSON.parse(d.toString())));
    for (const w of waiters.splice(0)) w();
  });
  ws.on('close', () => {
    closed = true;
    for (const w of waiters.splice(0)) w();
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return {
    ws,
    get closed() {
      return closed;
    },
    send: (m: unknown) => ws.send(typeof m === 'string' ? m : JSON.stringify(m)),
    async until<T extends WaitingRoomPanelServerMessage['type']>(type: T, ok: (m: Extract<WaitingRoomPanelServerMessage, { type: T }>) => boolean = () => true, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const m = msgs.find((x): x is Extract<WaitingRoomPanelServerMessage, { type: T }> => x.type === type && ok(x as Extract<WaitingRoomPanelServerMessage, { type: T }>));
        if (m) return m;
        if (closed || Date.now() > deadline) throw new Error(`sem ${type}: ${JSON.stringify(msgs)}`);
        await new Promise<void>((r) => {
          waiters.push(r);
          setTimeout(r, 100);
        });
      }
    },
  };
}

describe('applied by the server, seen live on the panel', () => {
  let live: TestApp;
  let wsUrl: string;
  beforeAll(async () => {
    // The one app of the run that applies schedules (FILA_AGENDAMENTOS is off by default in tests).
    live = await buildTestApp({ env: { FILA_AGENDAMENTOS: 'true' } });
    await live.app.listen({ port: 0, host: '127.0.0.1' });
    wsUrl = `ws://127.0.0.1:${(live.app.server.address() as AddressInfo).port}${ADMIN_WAITING_ROOM_WS_PATH}`;
  });
  afterAll(() => live.close());
  const tokenOf = (who: StaffSession) => who.headers.authorization.slice('Bearer '.length);

  it('the panel refuses a bad first message, a bad token and a role without waitingRoom.manage', async () => {
    const garbage = await panel(wsUrl);
    garbage.send('não é json');
    expect((await garbage.until('Erro')).code).toBe('MENSAGEM_INVALIDA');
    const withoutToken = await panel(wsUrl);
    withoutToken.send({ type: 'Autenticar', token: 'x.y.z' });
    expect((await withoutToken.until('Erro')).code).toBe('NAO_AUTENTICADO');
    for (const role of [...OTHERS, 'membro' as const]) {
      const p = await panel(wsUrl);
      p.send({ type: 'Autenticar', token: tokenOf(s[role]) });
      expect(await p.until('Erro')).toMatchObject({ code: 'SEM_PERMISSAO', message: ADMIN_MSG.semPermissao });
      await expect.poll(() => p.closed).toBe(true);
    }
    const plain = await live.app.inject({ method: 'GET', url: ADMIN_WAITING_ROOM_WS_PATH });
    expect(plain.statusCode).toBe(426);
  });

  it('a change scheduled a moment ahead is applied by the server on time, and the panel hears it live', async () => {
    const p = await panel(wsUrl);
    p.send({ type: 'Autenticar', token: tokenOf(s.operacao) });
    const first = await p.until('EstadoFila');
    expect(first.estado.pausada).toBe(false);
    await p.until('Agendamentos');

    const runAt = iso(1500);
    const res = await live.app.inject({ method: 'POST', url: '/api/admin/fila/agendamentos', headers: s.operacao.headers, payload: { executarEm: runAt, pausada: true } });
    expect(res.statusCode, res.body).toBe(201);
    const { id } = waitingRoomScheduleSchema.parse(res.json());
    await p.until('Agendamentos', (m) => m.agendamentos.some((a) => a.id === id && a.situacao === 'pendente'));

    const paused = await p.until('EstadoFila', (m) => m.estado.pausada, 8000);
    expect(Date.parse(paused.em)).toBeGreaterThanOrEqual(Date.parse(runAt));
    await p.until('Agendamentos', (m) => m.agendamentos.some((a) => a.id === id && a.situacao === 'executado'), 5000);
    const audit = await db.auditEntry.findFirst({ where: { action: 'fila.agendamento.executar', entityId: String(id) } });
    expect(audit).toMatchObject({ actorId: null, before: { pausada: false }, after: { pausada: true } });
    // The state the REST call reads is the same.
    expect(waitingRoomStateSchema.parse((await live.app.inject({ method: 'GET', url: '/api/admin/fila', headers: s.admin.headers })).json()).pausada).toBe(true);
    p.ws.close();
  });
});
