import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './support/app.js';
import { WaitingRoomClient, join, listenForWs } from './fila-ws-client.js';
import type { RedisQueueStore } from '../src/features/fila/store-redis.js';

// A process that misses an admission event (its Redis subscription was away) must not leave its
// client waiting for ever while the place is taken in its name (ADR 0025, "nobody skipped").
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

let a: { t: TestApp; wsUrl: string };
let b: { t: TestApp; wsUrl: string };
const clients: WaitingRoomClient[] = [];

beforeAll(async () => {
  const env = { REDIS_URL, FILA_REDIS_PREFIX: `legiao-test-scale:{fila-${randomUUID()}}:`, FILA_CAPACIDADE: '1' };
  const start = async () => {
    const t = await buildTestApp({ env });
    return { t, wsUrl: (await listenForWs(t.app)).wsUrl };
  };
  [a, b] = await Promise.all([start(), start()]);
});

afterAll(async () => {
  for (const c of clients) c.close();
  await (a.t.app.fila.store as RedisQueueStore).clear();
  await Promise.all([a.t.close(), b.t.close()]);
});

/** The Redis store's subscriber connection and the listeners it hands events to (the hub). */
const internals = (i: { t: TestApp }) => i.t.app.fila.store as unknown as { sub: Redis; listeners: Set<unknown> };

describe('admission events missed by a process', () => {
  it('are repaired by the next UpdateActivity, and after the subscription reconnects', async () => {
    const holder = await join(b.wsUrl);
    const x = await join(a.wsUrl);
    const y = await join(a.wsUrl);
    clients.push(holder.c, x.c, y.c);
    expect(x.first).toMatchObject({ posicao: 1 });
    expect(y.first).toMatchObject({ posicao: 2 });
    // Let the position pushes of these joins finish (a push in progress would re-read and repair too).
    await new Promise((r) => setTimeout(r, 2500));

    // Process a's hub stops hearing events (as while its subscription is away); x is admitted through b.
    const { sub, listeners } = internals(a);
    const hub = [...listeners];
    listeners.clear();
    holder.c.send('Logout');
    await expect.poll(async () => (await a.t.app.fila.store.stats(Date.now())).aguardando).toBe(1);
    await new Promise((r) => setTimeout(r, 300));
    expect(x.c.all('ProceedToLogin')).toEqual([]);
    // The web client's heartbeat (every 30 s) brings the news.
    x.c.send('UpdateActivity');
    await x.c.next('ProceedToLogin');

    // y is admitted while a still hears nothing; then a's subscription drops and comes back.
    x.c.send('Logout');
    await expect.poll(async () => (await a.t.app.fila.store.stats(Date.now())).aguardando).toBe(0);
    await new Promise((r) => setTimeout(r, 1500));
    expect(y.c.all('ProceedToLogin')).toEqual([]);
    for (const l of hub) listeners.add(l);
    sub.disconnect(true); // ioredis reconnects and re-subscribes; the store tells the hub to re-read
    const told = await y.c.next('ProceedToLogin', 5000);
    expect(told.ticket).toBeTruthy();
    // One admission each, told once each.
    expect([x.c.all('ProceedToLogin').length, y.c.all('ProceedToLogin').length]).toEqual([1, 1]);
  });
});
