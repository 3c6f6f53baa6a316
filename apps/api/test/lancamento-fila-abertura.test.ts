import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { poolOf } from '../src/db/prisma.js';
import { FakeClock } from '../src/features/fila/clock.js';
import type { QueueStore, StoreOptions } from '../src/features/fila/fila.types.js';
import { MemoryQueueStore } from '../src/features/fila/store-memory.js';
import { RedisQueueStore } from '../src/features/fila/store-redis.js';
import { LaunchOpeningRoom } from '../src/features/lancamentos/launch-opening.js';
import { buildTestApp, type TestApp } from './support/app.js';
import { launch } from './lancamentos-fixtures.js';

// The waiting room at a launch's opening (issue 31 item 4; docs/decisions/0047-launches.md, part 2):
// with a clock the test moves, the room goes on N minutes before the window opens and off M minutes
// after, in every "process" at once (two Redis stores on one prefix; two memory stores, each its
// own, as processes without Redis), recorded and audited once; an archived launch holds nothing.

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const MIN = 60_000;
const BEFORE = 5 * MIN;
const AFTER = 15 * MIN;
const opts: StoreOptions = { defaults: { capacidade: 100, admissoesPorMinuto: 6000 }, inactivityMs: 3_600_000 };
const silent = { info: () => {}, warn: () => {} };

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const open: QueueStore[] = [];
afterEach(async () => {
  for (const s of open.splice(0)) {
    if (s instanceof RedisQueueStore) await s.clear();
    await s.close();
  }
});

type Pair = () => Promise<[QueueStore, QueueStore]>;
const backends: [string, Pair][] = [
  [
    'memória, um armazenamento por processo',
    async () => {
      const a = new MemoryQueueStore(opts);
      const b = new MemoryQueueStore(opts);
      open.push(a, b);
      return [a, b];
    },
  ],
  [
    'redis, compartilhado',
    async () => {
      const prefix = `legiao-test-scale:{fila-lanc-${randomUUID()}}:`;
      const make = async () => {
        const s = new RedisQueueStore({ ...opts, url: REDIS_URL, prefix });
        await s.ready();
        open.push(s);
        return s;
      };
      return [await make(), await make()];
    },
  ],
];

/**
 * Each test its own far-off moment (the database is shared with every other test file, whose
 * launches open around the real now): a launch opening 10 minutes after the clock's start.
 */
let year = 2031;
async function scene(pair: Pair, status: 'publicado' | 'arquivado' = 'publicado') {
  const clock = new FakeClock(Date.UTC(year++, 2, 10, 2, 50, 0));
  const opening = new Date(clock.now() + 10 * MIN);
  const l = await launch(t.prisma, { start: opening, status });
  const [s1, s2] = await pair();
  const room = (store: QueueStore) => new LaunchOpeningRoom({ pool: poolOf(t.prisma), store, beforeMs: BEFORE, afterMs: AFTER, log: silent, clock });
  return { clock, l, opening, stores: [s1, s2] as const, rooms: [room(s1), room(s2)] as const };
}
const audits = (id: string) => t.prisma.auditEntry.findMany({ where: { entity: 'fila', entityId: id }, orderBy: { order: 'asc' } });
const rows = (id: string) => t.prisma.lancamentoFila.findMany({ where: { lancamentoId: id } });
const mine = (id: string, pass: { switchedOn: string[]; switchedOff: { launchId: string }[] }) => ({ on: pass.switchedOn.includes(id), off: pass.switchedOff.filter((d) => d.launchId === id) });

describe.each(backends)('sala de espera na abertura de um lançamento (%s)', (name, pair) => {
  it('goes on N minutes before the opening, sends every login through the line, and goes off M minutes after, recorded and audited once', async () => {
    const { clock, l, opening, stores, rooms } = await scene(pair);
    const [s1, s2] = stores;

    // 6 minutes before: nothing yet; a login with room is admitted at once.
    clock.advance(4 * MIN);
    for (const r of rooms) expect(mine(l.id, await r.runOnce())).toEqual({ on: false, off: [] });
    expect(await s1.isGated(clock.now())).toBe(false);
    expect((await s1.join('antes', clock.now())).estado).toBe('admitido');

    // 5 minutes before: the first process to look switches it on, the other finds it recorded.
    clock.advance(1 * MIN);
    expect(mine(l.id, await rooms[0].runOnce()).on).toBe(true);
    if (name.startsWith('redis')) expect((await s2.stats(clock.now())).lancamento?.launchId).toBe(l.id); // shared before p2 even looked
    expect(mine(l.id, await rooms[1].runOnce()).on).toBe(false);
    const until = opening.getTime() + AFTER;
    for (const s of stores) {
      expect((await s.stats(clock.now())).lancamento).toEqual({ launchId: l.id, name: l.nome, until });
      expect(await s.isGated(clock.now())).toBe(true);
    }
    // With room to spare, a newcomer still waits in line, and the next tick admits in arrival order.
    const first = await s1.join('durante-1', clock.now());
    const second = await s1.join('durante-2', clock.now());
    expect(first).toEqual({ estado: 'aguardando', posicao: 1, quantidade: 1 });
    expect(second).toEqual({ estado: 'aguardando', posicao: 2, quantidade: 2 });
    clock.advance(1000);
    await s1.tick(clock.now());
    expect((await s1.positions(['durante-1', 'durante-2'])).admitidos.size).toBe(2);

    const [row] = await rows(l.id);
    expect(row).toMatchObject({ abertura: opening, ligadaEm: new Date(opening.getTime() - BEFORE), ate: new Date(until), desligadaEm: null, motivo: null });
    // Asking again (every process, every few seconds) changes nothing.
    clock.advance(2 * MIN);
    for (const r of rooms) expect(mine(l.id, await r.runOnce())).toEqual({ on: false, off: [] });
    expect((await audits(l.id)).map((a) => a.action)).toEqual(['fila.lancamento.ligar']);

    // M minutes after the opening it has lapsed by itself in every store, before any process looks.
    clock.advance(until - clock.now());
    for (const s of stores) {
      expect((await s.stats(clock.now())).lancamento).toBeNull();
      expect(await s.isGated(clock.now())).toBe(false);
    }
    expect((await s1.join('depois', clock.now())).estado).toBe('admitido');
    // The record closes once, at its time, whichever process looks later.
    clock.advance(7000);
    expect(mine(l.id, await rooms[1].runOnce()).off).toEqual([{ launchId: l.id, reason: 'horario' }]);
    expect(mine(l.id, await rooms[0].runOnce()).off).toEqual([]);
    expect(await rows(l.id)).toEqual([expect.objectContaining({ desligadaEm: new Date(until), motivo: 'horario' })]);
    const trail = await audits(l.id);
    expect(trail.map((a) => a.action)).toEqual(['fila.lancamento.ligar', 'fila.lancamento.desligar']);
    expect(trail[0]).toMatchObject({ actorId: null, after: expect.objectContaining({ lancamento: l.nome, ate: new Date(until).toISOString() }) });
  });

  it('an archived launch does not switch it on; archiving one that holds it switches it off at once', async () => {
    const archived = await scene(pair, 'arquivado');
    archived.clock.advance(10 * MIN); // the opening itself
    for (const r of archived.rooms) expect(mine(archived.l.id, await r.runOnce()).on).toBe(false);
    expect((await archived.stores[0].stats(archived.clock.now())).lancamento).toBeNull();
    expect(await rows(archived.l.id)).toEqual([]);

    const { clock, l, stores, rooms } = await scene(pair);
    clock.advance(6 * MIN);
    expect(mine(l.id, await rooms[0].runOnce()).on).toBe(true);
    await rooms[1].runOnce();
    await stores[0].join('na-fila', clock.now());
    await t.prisma.lancamentoProduto.update({ where: { id: l.id }, data: { status: 'arquivado' } });
    clock.advance(1000);
    expect(mine(l.id, await rooms[0].runOnce()).off).toEqual([{ launchId: l.id, reason: 'arquivado' }]);
    await rooms[1].runOnce(); // the other process releases its own store (memory) or finds it released (Redis)
    for (const s of stores) expect((await s.stats(clock.now())).lancamento).toBeNull();
    // Released, the line moves on at once.
    expect((await stores[0].positions(['na-fila'])).admitidos.size).toBe(1);
    expect(await rows(l.id)).toEqual([expect.objectContaining({ desligadaEm: new Date(clock.now()), motivo: 'arquivado' })]);
  });
});
