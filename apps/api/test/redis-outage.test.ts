import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, MSG_WAITING_ROOM, readyResponseSchema } from '@legiao/contracts';
import { buildApp } from '../src/app.js';
import { AppError } from '../src/errors/app-error.js';
import { RedisQueueStore } from '../src/features/fila/store-redis.js';
import { createRedis, redisReady, RedisTimeoutError } from '../src/lib/redis.js';
import { buildTestApp, type TestApp } from './support/app.js';
import { createUser, expectError, TEST_PASSWORD, uniqueEmail } from './support/factories.js';
import { startOwnRedis, type OwnRedis } from './support/own-redis.js';
import { join, listenForWs, type WaitingRoomClient } from './fila-ws-client.js';

// docs/decisions/0037-redis-outage.md, in one process: what holds while the Redis of this test is
// killed (SIGKILL) or silent (SIGSTOP), and that it all comes back by itself. The portal as a whole,
// under two processes, is test/process-redis-outage.test.ts.

const AUTH_MAX = 3;
// Long enough that a call that waited for it is told apart from one slowed by a busy machine (a
// login measured 250 ms under a load average of 10 with 250 here): "at once" means well under it.
const TIMEOUT_MS = 1000;

let redis: OwnRedis;
let t: TestApp;
let app: FastifyInstance;
let client: Redis;
let inspect: Redis;
let prefix: string;

beforeAll(async () => {
  redis = await startOwnRedis();
  prefix = `legiao-test-redis:${randomUUID().slice(0, 12)}:`;
  t = await buildTestApp({ env: { RATE_LIMIT_AUTH_MAX: String(AUTH_MAX), REDIS_PREFIX: prefix } });
  client = createRedis(redis.url, { name: 'teste', commandTimeoutMs: TIMEOUT_MS });
  inspect = createRedis(redis.url, { name: 'inspeção', commandTimeoutMs: 2000 });
  while (!redisReady(client) || !redisReady(inspect)) await new Promise((r) => setTimeout(r, 20));
  app = await buildApp({ ...t.ctx, redis: client });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  client?.disconnect();
  inspect?.disconnect();
  await t?.close();
  await redis?.stop();
});

async function timed<T>(fn: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = Date.now();
  const value = await fn();
  return { value, ms: Date.now() - started };
}

const login = (email: string, password: string) => timed(() => app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, senha: password } }));
const forgot = () => timed(() => app.inject({ method: 'GET', url: `/api/auth/recuperar-senha?email=${uniqueEmail('esqueci')}` }));
const backUp = async () => {
  await expect.poll(() => redisReady(client) && redisReady(inspect), { timeout: 5000 }).toBe(true);
};

describe('Redis away', () => {
  it('killed: limits and failed logins count in memory at once, readiness stays 200, and Redis counts again once it is back', async () => {
    const before = uniqueEmail('antes');
    expectError((await login(before, 'Errada#123')).value, 401);
    expect(await inspect.get(`${prefix}login-falhas:${before}`)).toBe('1');

    const { email } = await createUser(t.prisma);
    await redis.kill();
    try {
      const ready = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(ready.statusCode, ready.body).toBe(200);
      expect(readyResponseSchema.parse(ready.json())).toEqual({ status: 'ok', database: true, redis: false });

      // The per-account lock holds (in this process), and answers without waiting.
      for (let i = 0; i < AUTH_MAX; i++) {
        const r = await login(email, 'Errada#123');
        expectError(r.value, 401);
        expect(r.ms).toBeLessThan(TIMEOUT_MS);
      }
      const locked = await login(email, TEST_PASSWORD);
      expectError(locked.value, 429, MSG.muitasTentativas);
      expect(locked.ms).toBeLessThan(TIMEOUT_MS);
      // The per-IP limit holds too (no failing open): the 4th call in the window is refused.
      for (let i = 0; i < AUTH_MAX; i++) expect((await forgot()).value.statusCode).toBe(200);
      const limited = await forgot();
      expectError(limited.value, 429, MSG.muitasTentativas);
      expect(limited.ms).toBeLessThan(TIMEOUT_MS);
    } finally {
      // Back whatever happened above: a failure here must not leave the next tests without Redis.
      await redis.start();
    }
    await backUp();

    // A lock reached while Redis was away still holds for its window.
    expectError((await login(email, TEST_PASSWORD)).value, 429);
    // New counts go to Redis again (it came back empty: nothing on disk).
    const after = uniqueEmail('depois');
    expectError((await login(after, 'Errada#123')).value, 401);
    expect(await inspect.get(`${prefix}login-falhas:${after}`)).toBe('1');
    expect((await forgot()).value.statusCode).toBe(200);
    expect((await inspect.keys(`${prefix}rl:*`)).length).toBeGreaterThan(0);
    const readyAgain = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(readyAgain.json()).toEqual({ status: 'ok', database: true, redis: true });
  });

  it('silent (SIGSTOP): a command gives up after REDIS_TIMEOUT_MS, the next ones fail at once, and it is back after SIGCONT', async () => {
    redis.pause();
    try {
      const first = await timed(() => client.get(`${prefix}x`).catch((e: unknown) => e));
      expect(first.value).toBeInstanceOf(RedisTimeoutError);
      expect(first.ms).toBeGreaterThanOrEqual(TIMEOUT_MS - 5);
      expect(first.ms).toBeLessThan(2 * TIMEOUT_MS);
      // The silent connection was dropped: no second wait.
      const second = await timed(() => client.get(`${prefix}x`).catch((e: unknown) => e));
      expect(second.value).toBeInstanceOf(Error);
      expect(second.ms).toBeLessThan(50);
      // A login meanwhile waits for no Redis command at all.
      const r = await login(uniqueEmail('mudo'), 'Errada#123');
      expectError(r.value, 401);
      expect(r.ms).toBeLessThan(TIMEOUT_MS);
    } finally {
      redis.resume();
    }
    await backUp();
    expect(await client.set(`${prefix}x`, '1')).toBe('OK');
  });

  it("the waiting room's store: 503 FILA_INDISPONIVEL at once while Redis is away, serving again when it is back", async () => {
    const store = new RedisQueueStore({ url: redis.url, prefix: `legiao-test-redis:{fila-${randomUUID()}}:`, defaults: { capacidade: 10, admissoesPorMinuto: 60_000 }, inactivityMs: 120_000, commandTimeoutMs: TIMEOUT_MS });
    try {
      await store.ready();
      expect((await store.join('cliente-antes', Date.now())).estado).toBe('admitido');
      await redis.kill();
      for (const call of [() => store.join('cliente-fora', Date.now()), () => store.isGated(), () => store.checkTicket('cliente-antes', '1')]) {
        const r = await timed(() => call().catch((e: unknown) => e));
        expect(r.value).toBeInstanceOf(AppError);
        expect(r.value).toMatchObject({ code: 'UNAVAILABLE', reason: 'FILA_INDISPONIVEL', message: MSG_WAITING_ROOM.indisponivel });
        expect(r.ms).toBeLessThan(50);
      }
      await redis.start();
      await expect.poll(() => store.join('cliente-volta', Date.now()).then((j) => j.estado, () => 'fora'), { timeout: 5000 }).toBe('admitido');
      expect(await store.isGated()).toBe(false);
    } finally {
      await store.close();
    }
  });

  it('the waiting room after a Redis that came back empty: each process puts back its clients, admitted and waiting in order', async () => {
    const room = await buildTestApp({ env: { REDIS_URL: redis.url, FILA_REDIS_PREFIX: `legiao-test-redis:{fila-${randomUUID()}}:`, FILA_CAPACIDADE: '1', FILA_ADMISSOES_POR_MINUTO: '60000' } });
    const clients: WaitingRoomClient[] = [];
    try {
      const { wsUrl } = await listenForWs(room.app);
      const a = await join(wsUrl);
      const b = await join(wsUrl);
      const c = await join(wsUrl);
      clients.push(a.c, b.c, c.c);
      expect(a.first.type).toBe('ProceedToLogin');
      expect(b.first).toEqual({ type: 'ReceiveQueuePosition', posicao: 1, quantidade: 1 });
      expect(c.first).toEqual({ type: 'ReceiveQueuePosition', posicao: 2, quantidade: 2 });

      await redis.kill();
      a.c.send('UpdateActivity');
      expect(await a.c.next('Error', 1000)).toMatchObject({ code: 'INDISPONIVEL', message: MSG_WAITING_ROOM.indisponivel });
      await redis.start();

      // Nothing on disk: the queue came back empty, and the hub put its clients back.
      await expect.poll(() => room.app.fila.store.stats(Date.now()).then((st) => [st.admitidos, st.aguardando], () => null), { timeout: 5000 }).toEqual([1, 2]);
      // The admitted member is still admitted (not told FORA_DA_FILA, which logs a member out)...
      a.c.send('UpdateActivity');
      b.c.send('UpdateActivity');
      await new Promise((r) => setTimeout(r, 300));
      expect([...a.c.all('Error'), ...b.c.all('Error')].filter((m) => m.code === 'FORA_DA_FILA')).toEqual([]);
      // ...and the queue kept its order: when the place frees, the head is admitted, the other moves up.
      a.c.send('Logout');
      await b.c.next('ProceedToLogin', 5000);
      expect(await c.c.next('ReceiveQueuePosition', 5000)).toEqual({ type: 'ReceiveQueuePosition', posicao: 1, quantidade: 1 });
    } finally {
      for (const cl of clients) cl.close();
      await room.close();
    }
  });
});
