import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeClock } from '../src/features/fila/clock.js';
import type { WaitingRoomEvent, QueueStore, StoreOptions } from '../src/features/fila/fila.types.js';
import { MemoryQueueStore } from '../src/features/fila/store-memory.js';
import { RedisQueueStore } from '../src/features/fila/store-redis.js';
import { signTicket, ticketKey, verifyTicket } from '../src/features/fila/ticket.js';

// The queue's rules, with a fake clock, against both stores: the Lua scripts must behave exactly
// like the in-memory queue. The Redis half uses the Redis on this machine (TEST_REDIS_URL).
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const IDLE = 120_000;

interface Harness {
  store: QueueStore;
  clock: FakeClock;
  events: WaitingRoomEvent[];
  /** Admitted client ids, in the order the events announced them. */
  admitted: () => string[];
  ended: () => { clientId: string; motivo: string }[];
  /** Waits until the events seen so far satisfy `check` (events are asynchronous in both stores). */
  until: (check: () => boolean) => Promise<void>;
}

const open: QueueStore[] = [];
afterEach(async () => {
  for (const s of open.splice(0)) {
    if (s instanceof RedisQueueStore) await s.clear();
    await s.close();
  }
});

type Factory = (opts: StoreOptions) => Promise<QueueStore>;
const backends: [string, Factory][] = [
  ['memória', async (opts) => new MemoryQueueStore(opts)],
  [
    'redis',
    async (opts) => {
      const s = new RedisQueueStore({ ...opts, url: REDIS_URL, prefix: `legiao-test:{fila-${randomUUID()}}:` });
      await s.ready();
      return s;
    },
  ],
];

describe.each(backends)('fila (%s)', (_name, make) => {
  async function harness(capacity: number, admissionsByMinute = 60_000, inactivityMs = IDLE): Promise<Harness> {
    const store = await make({ defaults: { capacidade: capacity, admissoesPorMinuto: admissionsByMinute }, inactivityMs });
    open.push(store);
    const events: WaitingRoomEvent[] = [];
    store.onEvent((e) => events.push(e));
    const admitted = () => events.flatMap((e) => e.admitidos.map((a) => a.clientId));
    const ended = () => events.flatMap((e) => e.closings);
    const until = async (check: () => boolean) => {
      const deadline = Date.now() + 3000;
      while (!check()) {
        if (Date.now() > deadline) throw new Error(`evento não chegou; eventos: ${JSON.stringify(events)}`);
        await new Promise((r) => setTimeout(r, 5));
      }
    };
    return { store, clock: new FakeClock(), events, admitted, ended, until };
  }

  const ids = (n: number, tag = 'c') => Array.from({ length: n }, (_, i) => `${tag}-${String(i).padStart(4, '0')}-${randomUUID().slice(0, 8)}`);

  it('admits at once while there is room, then queues first in, first out', async () => {
    const h = await harness(2);
    const [a, b, c, d] = ids(4);
    const now = h.clock.now();
    expect(await h.store.join(a!, now)).toMatchObject({ estado: 'admitido' });
    expect(await h.store.isGated()).toBe(false);
    expect(await h.store.join(b!, now)).toMatchObject({ estado: 'admitido' });
    expect(await h.store.isGated()).toBe(true); // full
    expect(await h.store.join(c!, now)).toEqual({ estado: 'aguardando', posicao: 1, quantidade: 1 });
    expect(await h.store.join(d!, now)).toEqual({ estado: 'aguardando', posicao: 2, quantidade: 2 });

    expect(await h.store.leave(a!, now)).toBe(true);
    await h.until(() => h.admitted().includes(c!));
    // Positions of the waiting; the unused admission of the admitted (a hub that missed the event repairs it).
    const jtiC = h.events.flatMap((e) => e.admitidos).find((x) => x.clientId === c)!.jti;
    expect(await h.store.positions([c!, d!, 'ninguem-00000'])).toEqual({ quantidade: 1, positions: new Map([[d!, 1]]), admitidos: new Map([[c!, jtiC]]) });
    expect(await h.store.consumeTicket(c!, jtiC, now)).toBe(true);
    expect((await h.store.positions([c!])).admitidos.size).toBe(0); // used: nothing to repair
    await h.store.leave(b!, now);
    await h.until(() => h.admitted().includes(d!));
    expect(h.admitted()).toEqual([a, b, c, d]);
    expect(await h.store.isGated()).toBe(true); // c and d fill both places
    await h.store.leave(c!, now);
    expect(await h.store.isGated()).toBe(false);
  });

  it('keeps strict arrival order over many admissions', async () => {
    const h = await harness(3);
    const clients = ids(40);
    const now = h.clock.now();
    for (const c of clients) await h.store.join(c, now);
    const { positions: positions, quantidade: quantity } = await h.store.positions(clients);
    expect(quantity).toBe(37);
    clients.slice(3).forEach((c, i) => expect(positions.get(c)).toBe(i + 1));
    // Free places one by one: each goes to the next in line.
    for (const c of clients.slice(0, 37)) await h.store.leave(c, now);
    await h.until(() => h.admitted().length === 40);
    expect(h.admitted()).toEqual(clients);
  });

  it('admits no faster than the per-minute rate (token bucket, one second of burst)', async () => {
    const h = await harness(100, 120); // 2 per second, burst 2
    const clients = ids(8);
    let now = h.clock.now();
    for (const c of clients) expect((await h.store.join(c, now)).estado).toBe(clients.indexOf(c) < 2 ? 'admitido' : 'aguardando');
    await h.store.tick((now = h.clock.advance(400)));
    expect((await h.store.stats(now)).admitidos).toBe(2);
    await h.store.tick((now = h.clock.advance(100))); // 0.5 s since the burst: one token
    expect((await h.store.stats(now)).admitidos).toBe(3);
    await h.store.tick((now = h.clock.advance(10_000))); // a long pause refills the burst only
    expect((await h.store.stats(now)).admitidos).toBe(5);
    await h.until(() => h.admitted().length === 5);
    expect(h.admitted()).toEqual(clients.slice(0, 5));
    const stats = await h.store.stats(now);
    expect(stats).toMatchObject({ aguardando: 3, admitidos: 5, admissoesUltimoMinuto: 5, esperaMaisAntigaMs: 10_500 });
    expect((await h.store.stats(h.clock.advance(60_000))).admissoesUltimoMinuto).toBe(0);
  });

  it('ends sessions idle for two minutes, waiting or admitted, and admits the next', async () => {
    const h = await harness(1);
    const [a, b, c] = ids(3);
    const t0 = h.clock.now();
    await h.store.join(a!, t0);
    await h.store.join(b!, t0);
    await h.store.join(c!, t0);
    await h.store.touch(c!, h.clock.advance(60_000)); // c renews; a and b don't
    await h.store.tick(h.clock.advance(IDLE - 60_000 - 1));
    expect((await h.store.stats(h.clock.now())).aguardando).toBe(2);
    await h.store.tick(h.clock.advance(1)); // exactly two minutes
    await h.until(() => h.ended().length === 2 && h.admitted().includes(c!));
    expect(h.ended()).toEqual([
      { clientId: a, motivo: 'inatividade' },
      { clientId: b, motivo: 'inatividade' },
    ]);
    expect(await h.store.touch(a!, h.clock.now())).toBeNull();
    // Admission renews: c has two full minutes from now to log in.
    await h.store.tick(h.clock.advance(IDLE - 1));
    expect(await h.store.touch(c!, h.clock.now())).toBe('admitido');
  });

  it('keeps the place of a client that joins again (reload, second tab, reconnect)', async () => {
    const h = await harness(1);
    const [a, b, c, d] = ids(4);
    const now = h.clock.now();
    const first = await h.store.join(a!, now);
    for (const x of [b, c, d]) await h.store.join(x!, now);
    expect(await h.store.join(c!, h.clock.advance(5000))).toEqual({ estado: 'aguardando', posicao: 2, quantidade: 3 });
    expect(await h.store.join(a!, h.clock.now())).toEqual(first); // same admission, same ticket id
    // The re-join renewed c: it outlives b and d.
    await h.store.tick(h.clock.advance(IDLE - 5000));
    expect((await h.store.positions([c!])).positions.get(c!)).toBe(1);
  });

  it('lets a waiting client leave: the ones behind move up', async () => {
    const h = await harness(1);
    const [a, b, c, d] = ids(4);
    const now = h.clock.now();
    for (const x of [a, b, c, d]) await h.store.join(x!, now);
    expect(await h.store.leave(c!, now)).toBe(true);
    expect(await h.store.leave(c!, now)).toBe(false);
    const { positions: positions, quantidade: quantity } = await h.store.positions([b!, c!, d!]);
    expect(quantity).toBe(2);
    expect([...positions]).toEqual([
      [b, 1],
      [d, 2],
    ]);
    await h.until(() => h.ended().some((e) => e.clientId === c && e.motivo === 'saida'));
    expect(h.admitted()).toEqual([a]); // a waiting client leaving frees no place
  });

  it('pauses admission and resumes it; capacity changes apply at once', async () => {
    const h = await harness(1);
    const [a, b, c] = ids(3);
    const now = h.clock.now();
    expect(await h.store.updateSettings({ pausada: true }, now)).toEqual({ capacidade: 1, admissoesPorMinuto: 60_000, pausada: true });
    expect(await h.store.isGated()).toBe(true);
    expect(await h.store.join(a!, now)).toMatchObject({ estado: 'aguardando', posicao: 1 });
    await h.store.join(b!, now);
    await h.store.join(c!, now);
    await h.store.tick(h.clock.advance(1000));
    expect((await h.store.stats(h.clock.now())).admitidos).toBe(0);
    await h.store.updateSettings({ pausada: false, capacidade: 2 }, h.clock.now());
    await h.until(() => h.admitted().length === 2);
    expect(h.admitted()).toEqual([a, b]);
    expect((await h.store.stats(h.clock.now())).settings).toEqual({ capacidade: 2, admissoesPorMinuto: 60_000, pausada: false });
    // Lowering capacity ends nobody: it only stops admissions until there is room again.
    await h.store.updateSettings({ capacidade: 1 }, h.clock.now());
    await h.store.leave(a!, h.clock.now());
    await h.store.tick(h.clock.advance(1000));
    expect((await h.store.stats(h.clock.now())).admitidos).toBe(1);
    expect(h.admitted()).toEqual([a, b]);
  });

  it('gives each admission one single-use ticket id', async () => {
    const h = await harness(1);
    const [a, b] = ids(2);
    const now = h.clock.now();
    const r = await h.store.join(a!, now);
    if (r.estado !== 'admitido') throw new Error('a devia entrar');
    expect(await h.store.checkTicket(a!, r.jti)).toBe(true);
    expect(await h.store.checkTicket(b!, r.jti)).toBe(false);
    expect(await h.store.consumeTicket(a!, r.jti, now)).toBe(true);
    expect(await h.store.consumeTicket(a!, r.jti, now)).toBe(false);
    expect(await h.store.checkTicket(a!, r.jti)).toBe(false);
    // Still admitted: asking again gives a new ticket id for the same place.
    const again = await h.store.join(a!, now);
    expect(again.estado).toBe('admitido');
    if (again.estado === 'admitido') {
      expect(again.jti).not.toBe(r.jti);
      await h.store.leave(a!, now);
      expect(await h.store.checkTicket(a!, again.jti)).toBe(false);
    }
  });
});

describe('admission ticket', () => {
  const key = ticketKey('legiao-test-secret-0123456789-abcdefghijklmnop');
  const now = Date.UTC(2026, 10, 21, 12, 0, 0);

  it('is a signed JWT naming the client and the admission, valid for its TTL', () => {
    const { ticket, expiraEm: expiresIn } = signTicket(key, 'cliente-123', '42', now, 300);
    expect(expiresIn).toBe(new Date(now + 300_000).toISOString());
    expect(verifyTicket(key, ticket, now + 299_000)).toMatchObject({ pur: 'fila', sub: 'cliente-123', jti: '42' });
    expect(verifyTicket(key, ticket, now + 300_000)).toBeNull();
  });

  it('refuses other keys, edited claims and garbage', () => {
    const { ticket } = signTicket(key, 'cliente-123', '42', now, 300);
    expect(verifyTicket(ticketKey('outro-segredo-0123456789-abcdefghijklmnopq'), ticket, now)).toBeNull();
    const [h, , s] = ticket.split('.');
    const forged = Buffer.from(JSON.stringify({ pur: 'fila', sub: 'outro', jti: '42', iat: 0, exp: 9e9 })).toString('base64url');
    expect(verifyTicket(key, `${h}.${forged}.${s}`, now)).toBeNull();
    expect(verifyTicket(key, 'abc', now)).toBeNull();
    expect(verifyTicket(key, '', now)).toBeNull();
  });
});
