import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { MemoryLoginFailures, RedisLoginFailures, type LoginFailures } from '../src/features/auth/login-failures.js';

// The per-account failed-login counter (ADR 0023): in memory, and in the Redis on this machine
// (shared by every API process when REDIS_URL is set).
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 2 });
afterAll(() => redis.quit());

async function locksAtMaxAndClears(store: LoginFailures) {
  const email = `${randomUUID()}@teste.legiao.dev`;
  for (let i = 0; i < 2; i++) {
    expect(await store.isLocked(email)).toBe(false);
    await store.record(email);
  }
  expect(await store.isLocked(email)).toBe(false);
  await store.record(email);
  expect(await store.isLocked(email)).toBe(true);
  expect(await store.isLocked(`outro.${email}`)).toBe(false);
  await store.clear(email);
  expect(await store.isLocked(email)).toBe(false);
}

describe('MemoryLoginFailures', () => {
  it('locks at the limit, per account, and a success clears it', () => locksAtMaxAndClears(new MemoryLoginFailures(3, 60_000)));

  it('the lock ends with the window', async () => {
    let now = 1_000_000;
    const store = new MemoryLoginFailures(2, 60_000, () => now);
    await store.record('a@b.com');
    await store.record('a@b.com');
    expect(await store.isLocked('a@b.com')).toBe(true);
    now += 60_001;
    expect(await store.isLocked('a@b.com')).toBe(false);
    await store.record('a@b.com');
    expect(await store.isLocked('a@b.com')).toBe(false);
  });
});

describe('RedisLoginFailures', () => {
  it('locks at the limit, per account, and a success clears it', () => locksAtMaxAndClears(new RedisLoginFailures(redis, 3, 60_000, `legiao-test:${randomUUID()}:`)));

  it('the window is the key’s expiry, set by the first failure', async () => {
    const prefix = `legiao-test:${randomUUID()}:`;
    const store = new RedisLoginFailures(redis, 2, 150, prefix);
    await store.record('a@b.com');
    const ttl = await redis.pttl(`${prefix}a@b.com`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(150);
    await store.record('a@b.com');
    expect(await store.isLocked('a@b.com')).toBe(true);
    await new Promise((r) => setTimeout(r, 200));
    expect(await store.isLocked('a@b.com')).toBe(false);
  });
});
