import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { createPrisma, type Db } from '../src/db/prisma.js';
import { MemoryQueueStore } from '../src/features/fila/store-memory.js';
import { aplicarAgendamentosVencidos, cancelarAgendamento, criarAgendamento, listarAgendamentos } from '../src/features/admin/fila/fila-agendamento.service.js';

// The waiting room's scheduled changes, at the service level: applied once when due, whichever of
// several processes races for them (ADR 0029). Routes, roles and the panel's socket: admin-fila.test.ts.

let db: Db;
beforeAll(() => {
  db = createPrisma(inject('databaseUrl'), 4);
});
afterAll(() => db.$disconnect());
// Every test owns the table's due rows: a row left due by another test would be applied here.
beforeEach(async () => {
  await db.filaAgendamento.deleteMany({});
});

const store = () => new MemoryQueueStore({ defaults: { capacidade: 100, admissoesPorMinuto: 600 }, inatividadeMs: 120_000 });
const STAFF = '00000000-0000-4000-8000-000000000001';
const noop = async () => {};

describe('fila schedules', () => {
  it('applies a due change to the store once and marks it done; a later one waits', async () => {
    const now = new Date();
    const s = store();
    const due = await db.$transaction((tx) => criarAgendamento(tx, { executarEm: new Date(now.getTime() + 1000).toISOString(), pausada: true, capacidade: 5 }, STAFF, now));
    const later = await db.$transaction((tx) => criarAgendamento(tx, { executarEm: new Date(now.getTime() + 3600_000).toISOString(), admissoesPorMinuto: 60 }, STAFF, now));

    expect(await aplicarAgendamentosVencidos(db, s, now, noop)).toEqual([]);
    const feitos = await aplicarAgendamentosVencidos(db, s, new Date(now.getTime() + 2000), noop);
    expect(feitos.map((f) => f.agendamento.id)).toEqual([due.id]);
    expect(feitos[0].antes).toEqual({ capacidade: 100, admissoesPorMinuto: 600, pausada: false });
    expect(feitos[0].depois).toEqual({ capacidade: 5, admissoesPorMinuto: 600, pausada: true });
    expect((await s.stats(Date.now())).settings).toEqual({ capacidade: 5, admissoesPorMinuto: 600, pausada: true });

    const lista = await listarAgendamentos(db);
    expect(lista.map((a) => [a.id, a.situacao])).toEqual([
      [later.id, 'pendente'],
      [due.id, 'executado'],
    ]);
    // Applied once: a second pass finds nothing.
    expect(await aplicarAgendamentosVencidos(db, s, new Date(now.getTime() + 5000), noop)).toEqual([]);
  });

  it('two processes racing for the same due rows apply each exactly once', async () => {
    const now = new Date();
    const ids = [];
    for (let i = 0; i < 6; i++) ids.push((await db.$transaction((tx) => criarAgendamento(tx, { executarEm: new Date(now.getTime() + 10 + i).toISOString(), capacidade: 10 + i }, STAFF, now))).id);
    const other = createPrisma(inject('databaseUrl'), 4);
    try {
      const slow = async () => new Promise<void>((r) => setTimeout(r, 20));
      const [a, b] = await Promise.all([aplicarAgendamentosVencidos(db, store(), new Date(now.getTime() + 1000), slow), aplicarAgendamentosVencidos(other, store(), new Date(now.getTime() + 1000), slow)]);
      const applied = [...a, ...b].map((x) => x.agendamento.id).sort((x, y) => x - y);
      expect(applied).toEqual(ids);
    } finally {
      await other.$disconnect();
    }
  });

  it('a store that fails leaves the schedule pending for the next pass', async () => {
    const now = new Date();
    const s = store();
    const r = await db.$transaction((tx) => criarAgendamento(tx, { executarEm: new Date(now.getTime() + 10).toISOString(), pausada: true }, STAFF, now));
    const broken = Object.assign(Object.create(s), { updateSettings: async () => Promise.reject(new Error('redis fora')) });
    await expect(aplicarAgendamentosVencidos(db, broken, new Date(now.getTime() + 1000), noop)).rejects.toThrow('redis fora');
    expect((await db.filaAgendamento.findUniqueOrThrow({ where: { id: r.id } })).executadoEm).toBeNull();
    expect((await aplicarAgendamentosVencidos(db, s, new Date(now.getTime() + 1000), noop)).length).toBe(1);
  });

  it('refuses a time in the past or more than a year ahead; cancels only pending ones', async () => {
    const now = new Date();
    await expect(db.$transaction((tx) => criarAgendamento(tx, { executarEm: new Date(now.getTime() - 1).toISOString(), pausada: true }, STAFF, now))).rejects.toMatchObject({ code: 'VALIDATION' });
    await expect(db.$transaction((tx) => criarAgendamento(tx, { executarEm: new Date(now.getTime() + 400 * 86400_000).toISOString(), pausada: true }, STAFF, now))).rejects.toMatchObject({ code: 'VALIDATION' });
    const r = await db.$transaction((tx) => criarAgendamento(tx, { executarEm: new Date(now.getTime() + 60_000).toISOString(), pausada: false }, STAFF, now));
    const { depois } = await db.$transaction((tx) => cancelarAgendamento(tx, r.id, now));
    expect(depois.canceladoEm).not.toBeNull();
    await expect(db.$transaction((tx) => cancelarAgendamento(tx, r.id, now))).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(db.$transaction((tx) => cancelarAgendamento(tx, 999_999_999, now))).rejects.toMatchObject({ code: 'NOT_FOUND' });
    // A cancelled schedule is never applied.
    expect(await aplicarAgendamentosVencidos(db, store(), new Date(now.getTime() + 120_000), noop)).toEqual([]);
  });
});
