import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeClock } from '../src/features/fila/clock.js';
import type { AutoLimites, WaitingRoomEvent, QueueStore, StoreOptions } from '../src/features/fila/fila.types.js';
import { MemoryQueueStore } from '../src/features/fila/store-memory.js';
import { RedisQueueStore } from '../src/features/fila/store-redis.js';

// The automatic waiting room's decision (FILA_AUTO, ADR 0025), with a fake clock, against both
// stores. In Redis, two store instances on one prefix stand for two API processes: their readings
// meet in one script and there is one decision.
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const opts: StoreOptions = { defaults: { capacidade: 10, admissoesPorMinuto: 60_000 }, inactivityMs: 120_000 };
const limites: AutoLimites = { maxActive: 2, maxDelayMs: 200, maxPoolWaiting: 10, fracao: 0.5, minimoMs: 10_000 };
const calm = { atrasoMs: 0, poolAguardando: 0 };

const open: QueueStore[] = [];
afterEach(async () => {
  for (const s of open.splice(0)) {
    if (s instanceof RedisQueueStore) await s.clear();
    await s.close();
  }
});

/** Two "processes" sharing one queue: the same memory store twice, or two Redis stores on one prefix. */
type Pair = () => Promise<[QueueStore, QueueStore]>;
const backends: [string, Pair][] = [
  [
    'memória',
    async () => {
      const s = new MemoryQueueStore(opts);
      open.push(s);
      return [s, s];
    },
  ],
  [
    'redis',
    async () => {
      const prefix = `legiao-test-scale:{fila-auto-${randomUUID()}}:`;
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

const ids = (n: number) => Array.from({ length: n }, (_, i) => `auto-${i}-${randomUUID().slice(0, 8)}`);

describe.each(backends)('sala de espera automática (%s)', (_name, pair) => {
  it('holds admissions when admitted members reach the limit and lets them go with hysteresis', async () => {
    const [s] = await pair();
    const clock = new FakeClock();
    const events: WaitingRoomEvent[] = [];
    s.onEvent((e) => events.push(e));
    const [a, b, c] = ids(3);
    await s.join(a!, clock.now());
    await s.join(b!, clock.now());
    expect(await s.isGated(clock.now())).toBe(false);

    const on = await s.autoReport('p1', calm, limites, clock.now());
    expect(on).toMatchObject({ ligada: true, motivo: 'ativos', ativos: 2, processo: 'p1' });
    // Capacity is 10, but the room holds: a newcomer waits and a login needs a ticket.
    expect(await s.join(c!, clock.now())).toMatchObject({ estado: 'aguardando', posicao: 1 });
    expect(await s.isGated(clock.now())).toBe(true);
    expect((await s.stats(clock.now())).automatica).toBe(true);

    // One leaves: 1 admitted is not under half the limit; still on, nobody admitted by the tick.
    await s.leave(a!, clock.advance(1000));
    expect(await s.autoReport('p1', calm, limites, clock.now())).toBeNull();
    await s.tick(clock.now());
    expect(await s.join(c!, clock.now())).toMatchObject({ estado: 'aguardando' });

    // Both gone (2 s after the last reading over a limit): calm, but not for 10 s yet.
    await s.leave(b!, clock.advance(1000));
    expect(await s.autoReport('p1', calm, limites, clock.now())).toBeNull();
    // Reports come every second (a hold nobody confirms for 5 s lapses, tested below).
    for (let t = 0; t < 7; t++) expect(await s.autoReport('p1', calm, limites, clock.advance(1000))).toBeNull();
    expect(await s.autoReport('p1', calm, limites, clock.advance(999))).toBeNull();
    clock.advance(1);
    const off = await s.autoReport('p1', calm, limites, clock.now());
    expect(off).toMatchObject({ ligada: false, motivo: 'calmo', ativos: 0 });
    // Released at once: the first in line is admitted by the switch itself.
    await expect.poll(() => events.flatMap((e) => e.admitidos.map((x) => x.clientId))).toEqual([a, b, c]);
    const state = await s.autoState(clock.now());
    expect(state).toMatchObject({ ligada: false, motivo: 'calmo', ativos: 1 });
    expect(state.trocas.map((t) => [t.ligada, t.motivo])).toEqual([
      [false, 'calmo'],
      [true, 'ativos'],
    ]);
  });

  it('decides on the worst process: one slow process turns it on for all, until its reading is calm or stale', async () => {
    const [p1, p2] = await pair();
    const clock = new FakeClock();
    const lim = { ...limites, maxActive: 0, minimoMs: 5000 };
    expect(await p1.autoReport('p1', { atrasoMs: 50, poolAguardando: 0 }, lim, clock.now())).toBeNull();
    expect(await p2.autoReport('p2', { atrasoMs: 350, poolAguardando: 0 }, lim, clock.now())).toMatchObject({ ligada: true, motivo: 'atraso', atrasoMs: 350, processo: 'p2' });
    // p1 is calm, but p2's reading is fresh: every process sees the room on.
    expect(await p1.autoReport('p1', calm, lim, clock.advance(1000))).toBeNull();
    expect(await p1.isGated(clock.now())).toBe(true);
    expect(await p2.isGated(clock.now())).toBe(true);
    expect(await p1.autoState(clock.now())).toMatchObject({ ligada: true, motivo: 'atraso', atrasoMs: 350, processos: 2 });
    // p2 stops reporting (it died): its reading goes stale after 5 s and p1's calm reading turns it off.
    const off = await p1.autoReport('p1', calm, lim, clock.advance(5000));
    expect(off).toMatchObject({ ligada: false, motivo: 'calmo', processo: 'p1' });
    // The pool trigger alone.
    expect(await p2.autoReport('p2', { atrasoMs: 0, poolAguardando: 12 }, lim, clock.advance(100))).toMatchObject({ ligada: true, motivo: 'pool', poolAguardando: 12 });
  });

  it('makes one decision when every process reports over the limit at the same moment', async () => {
    const [p1, p2] = await pair();
    const clock = new FakeClock();
    const hot = { atrasoMs: 900, poolAguardando: 0 };
    const switches = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? p1 : p2).autoReport(`p${i}`, hot, limites, clock.now())));
    expect(switches.filter(Boolean)).toHaveLength(1);
    expect((await p1.autoState(clock.now())).trocas).toHaveLength(1);
  });

  it('a hold no process confirms lapses after 5 s, and the next report records why', async () => {
    const [s] = await pair();
    const clock = new FakeClock();
    await s.autoReport('p1', { atrasoMs: 900, poolAguardando: 0 }, limites, clock.now());
    expect(await s.isGated(clock.now())).toBe(true);
    // Every process stopped reporting (FILA_AUTO turned off, or all of them died): the hold lapses.
    clock.advance(5001);
    expect(await s.isGated(clock.now())).toBe(false);
    expect((await s.stats(clock.now())).automatica).toBe(false);
    expect(await s.autoReport('p1', calm, limites, clock.now())).toMatchObject({ ligada: false, motivo: 'sem_leituras' });
  });
});
