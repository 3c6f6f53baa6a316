import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { waitingRoomStateSchema } from '@legiao/contracts';
import { buildTestApp, type TestApp } from './support/app.js';
import { bearer, createUser, expectError, login, TEST_PASSWORD } from './support/factories.js';
import { WaitingRoomClient, join, listenForWs } from './fila-ws-client.js';
import type { RedisQueueStore } from '../src/features/fila/store-redis.js';

// Two API instances (two apps, as two processes would be) sharing one queue in the Redis on this
// machine: one order, one count, admissions in arrival order whichever instance holds the socket.
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

interface Instance {
  t: TestApp;
  wsUrl: string;
}

let a: Instance;
let b: Instance;
let adminToken: string;
const clients: WaitingRoomClient[] = [];

beforeAll(async () => {
  const env = { REDIS_URL, FILA_REDIS_PREFIX: `legiao-test:{fila-${randomUUID()}}:`, FILA_CAPACIDADE: '1' };
  const start = async (): Promise<Instance> => {
    const t = await buildTestApp({ env });
    const { wsUrl } = await listenForWs(t.app);
    return { t, wsUrl };
  };
  [a, b] = await Promise.all([start(), start()]);
  const { usuario: user, email } = await createUser(a.t.prisma);
  await a.t.prisma.usuario.update({ where: { id: user.id }, data: { admin: true } });
  adminToken = await login(a.t.app, email);
});

afterAll(async () => {
  await (a.t.app.fila.store as RedisQueueStore).clear();
  await Promise.all([a.t.close(), b.t.close()]);
});

afterEach(async () => {
  for (const c of clients.splice(0)) {
    c.send('Logout');
    c.close();
  }
  await expect.poll(async () => {
    const s = await a.t.app.fila.store.stats(Date.now());
    return s.admitidos + s.aguardando;
  }).toBe(0);
});

const track = <T extends { c: WaitingRoomClient }>(r: T) => (clients.push(r.c), r);
const state = async (i: Instance) => waitingRoomStateSchema.parse((await i.t.app.inject({ method: 'GET', url: '/api/admin/fila', headers: bearer(adminToken) })).json());

describe('waiting room in Redis, two API instances', () => {
  it('shares one queue: one order, one count, admissions in arrival order across instances', async () => {
    expect(a.t.app.fila.store.kind).toBe('redis');
    const holder = track(await join(a.wsUrl));
    expect(holder.first.type).toBe('ProceedToLogin');
    // Arrivals alternate between the instances; each is told its place in the one queue.
    const waiting = [];
    for (let i = 0; i < 8; i++) {
      const r = track(await join((i % 2 === 0 ? b : a).wsUrl));
      expect(r.first).toEqual({ type: 'ReceiveQueuePosition', posicao: i + 1, quantidade: i + 1 });
      waiting.push(r.c);
    }
    expect(await state(a)).toMatchObject({ aguardando: 8, admitidos: 1, armazenamento: 'redis', ativa: true });
    expect(await state(b)).toMatchObject({ aguardando: 8, admitidos: 1 });

    // Free the place again and again: the next in line gets it, whichever instance holds it.
    const order: string[] = [];
    let current = holder.c;
    for (const next of waiting) {
      current.send('Logout');
      await next.next('ProceedToLogin');
      order.push(next.clientId);
      // Nobody behind it was admitted before it.
      for (const other of waiting.slice(waiting.indexOf(next) + 1)) expect(other.all('ProceedToLogin')).toEqual([]);
      current = next;
    }
    expect(order).toEqual(waiting.map((c) => c.clientId));
    // Positions pushed by both instances caught up with the shared queue.
    const lastWaiting = waiting[7]!;
    expect(lastWaiting.all('ReceiveQueuePosition').at(-1)?.posicao ?? 0).toBeLessThanOrEqual(8);
  });

  it('keeps the place when the same client comes back through the other instance', async () => {
    track(await join(a.wsUrl));
    const first = track(await join(a.wsUrl));
    track(await join(b.wsUrl));
    first.c.close();
    const back = track(await join(b.wsUrl, first.c.clientId));
    expect(back.first).toEqual({ type: 'ReceiveQueuePosition', posicao: 1, quantidade: 2 });
  });

  it('refuses login without a ticket on both instances while the room is on, and takes a ticket from either', async () => {
    const { email } = await createUser(a.t.prisma);
    const holder = track(await join(a.wsUrl));
    const waiter = track(await join(b.wsUrl));
    expect(waiter.first.type).toBe('ReceiveQueuePosition');
    for (const i of [a, b]) {
      const res = await i.t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, senha: TEST_PASSWORD } });
      expect(expectError(res, 403).errors[0]!.code).toBe('FILA_SEM_TICKET');
    }
    if (holder.first.type !== 'ProceedToLogin') throw new Error('devia entrar');
    // Issued by instance a, accepted by instance b (shared store, shared secret), once.
    const ok = await b.t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, senha: TEST_PASSWORD, ticket: holder.first.ticket } });
    expect(ok.statusCode, ok.body).toBe(200);
    const again = await a.t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, senha: TEST_PASSWORD, ticket: holder.first.ticket } });
    expect(expectError(again, 403).errors[0]!.code).toBe('FILA_TICKET_INVALIDO');
  });

  it('applies an operator change made on one instance to both', async () => {
    const put = (payload: object) => b.t.app.inject({ method: 'PUT', url: '/api/admin/fila', payload, headers: bearer(adminToken) });
    track(await join(a.wsUrl));
    const w1 = track(await join(a.wsUrl));
    const w2 = track(await join(b.wsUrl));
    expect((await put({ capacidade: 3 })).statusCode).toBe(200);
    await w1.c.next('ProceedToLogin');
    await w2.c.next('ProceedToLogin');
    expect(await state(a)).toMatchObject({ capacidade: 3, admitidos: 3 });
    expect((await put({ capacidade: 1, pausada: true })).json()).toMatchObject({ capacidade: 1, pausada: true });
    expect(await a.t.app.fila.store.isGated()).toBe(true);
    await put({ pausada: false });
  });
});
