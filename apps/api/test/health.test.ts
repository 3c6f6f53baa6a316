import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { healthResponseSchema, OPS_MSG, readyResponseSchema } from '@legiao/contracts';
import { Redis } from 'ioredis';
import { buildApp } from '../src/app.js';
import { expectError } from './support/factories.js';
import { createPrisma } from '../src/db/prisma.js';
import { buildTestApp, type TestApp } from './support/app.js';
import { getFreePort } from './support/ports.js';

describe('saúde', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('GET /api/health answers ok', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(healthResponseSchema.parse(res.json())).toEqual({ status: 'ok' });
  });

  it('GET /api/ready answers ok when the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    expect(readyResponseSchema.parse(res.json())).toEqual({ status: 'ok', database: true });
  });

  it('GET /api/ready answers 503 when the database is unreachable', async () => {
    const port = await getFreePort(); // nothing listens there
    const down = await buildTestApp({ prisma: createPrisma(`postgresql://postgres@127.0.0.1:${port}/legiao_test`, 1) });
    try {
      const res = await down.app.inject({ method: 'GET', url: '/api/ready' });
      const body = expectError(res, 503, OPS_MSG.naoPronto);
      expect(body.errors[0]!.code).toBe('DATABASE_UNAVAILABLE');
      // liveness doesn't depend on the database
      expect((await down.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await down.close();
    }
  });

  // Redis is shared by every process: "not ready" would take them all out of rotation (ADR 0037).
  it('GET /api/ready reports Redis when it is configured, and stays ready when it does not answer', async () => {
    const port = await getFreePort(); // nothing listens there
    const redis = new Redis({ port, host: '127.0.0.1', lazyConnect: true, maxRetriesPerRequest: 0, enableOfflineQueue: false, retryStrategy: () => null });
    redis.on('error', () => {});
    const app = await buildApp({ ...t.ctx, redis });
    try {
      const res = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode, res.body).toBe(200);
      expect(readyResponseSchema.parse(res.json())).toEqual({ status: 'ok', database: true, redis: false });
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await app.close();
      redis.disconnect();
    }
  });
});
