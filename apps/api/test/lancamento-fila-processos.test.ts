import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RedisQueueStore } from '../src/features/fila/store-redis.js';
import { buildTestApp, type TestApp } from './support/app.js';
import { TEST_PASSWORD, createUser, expectError } from './support/factories.js';
import { launch } from './lancamentos-fixtures.js';

// The waiting room at a launch's opening, wired as it runs (docs/decisions/0047-launches.md, part 2):
// two API apps on one Redis (two processes), each with its own FILA_LANCAMENTO timer every 200 ms.
// A published launch opening in 3 minutes switches the shared room on for both, recorded and audited
// once; logins then need a ticket on either; archiving it switches it off for both.
// (The clock-driven schedule, on and off at the minute, is lancamento-fila-abertura.test.ts.)
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const MIN = 60_000;

let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  // DEPOIS 1 min: of the other test files' launches (one database), only one that opened in the
  // last minute could be held too; this file only looks at its own.
  const env = { REDIS_URL, FILA_REDIS_PREFIX: `legiao-test:{fila-lanc-${randomUUID()}}:`, FILA_LANCAMENTO: 'true', FILA_LANCAMENTO_INTERVALO_MS: '200', FILA_LANCAMENTO_ANTES_MIN: '5', FILA_LANCAMENTO_DEPOIS_MIN: '1' };
  [a, b] = await Promise.all([buildTestApp({ env }), buildTestApp({ env })]);
});
afterAll(async () => {
  await (a.app.fila.store as RedisQueueStore).clear();
  await Promise.all([a.close(), b.close()]);
});

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 5000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
}
const holdOf = (t: TestApp) => t.app.fila.store.stats(Date.now()).then((s) => s.lancamento);

describe('FILA_LANCAMENTO in two processes', () => {
  it('a launch opening soon switches the shared room on for both, once; logins need a ticket; archiving switches it off for both', async () => {
    const { email } = await createUser(a.prisma);
    const l = await launch(a.prisma, { start: new Date(Date.now() + 3 * MIN) });

    for (const t of [a, b]) expect((await until(() => holdOf(t), (h) => h?.launchId === l.id))?.launchId).toBe(l.id);
    const hold = (await holdOf(a))!;
    expect(hold.until).toBe(l.acessoInicio.getTime() + MIN);
    // Both timers keep asking (every 200 ms): still one record and one audit entry.
    await new Promise((r) => setTimeout(r, 1000));
    expect(await a.prisma.lancamentoFila.findMany({ where: { lancamentoId: l.id } })).toEqual([expect.objectContaining({ abertura: l.acessoInicio, desligadaEm: null })]);
    expect((await a.prisma.auditEntry.findMany({ where: { entity: 'fila', entityId: l.id } })).map((e) => e.action)).toEqual(['fila.lancamento.ligar']);

    for (const t of [a, b]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, senha: TEST_PASSWORD } });
      expect(expectError(res, 403).errors[0]!.code).toBe('FILA_SEM_TICKET');
    }

    await a.prisma.lancamentoProduto.update({ where: { id: l.id }, data: { status: 'arquivado' } });
    for (const t of [a, b]) expect((await until(() => holdOf(t), (h) => h?.launchId !== l.id))?.launchId).not.toBe(l.id);
    const closed = await until(
      () => a.prisma.lancamentoFila.findMany({ where: { lancamentoId: l.id } }),
      (r) => r[0]?.desligadaEm !== null,
    );
    expect(closed).toEqual([expect.objectContaining({ motivo: 'arquivado' })]);
    await new Promise((r) => setTimeout(r, 600));
    expect((await a.prisma.auditEntry.findMany({ where: { entity: 'fila', entityId: l.id }, orderBy: { order: 'asc' } })).map((e) => e.action)).toEqual(['fila.lancamento.ligar', 'fila.lancamento.desligar']);
  });
});
