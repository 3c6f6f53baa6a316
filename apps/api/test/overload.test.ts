import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPS_MSG } from '@legiao/contracts';
import { ConfigError, loadConfig } from '../src/config.js';
import { buildTestApp, type TestApp } from './support/app.js';
import { expectError } from './support/factories.js';

// Issue 15 item 4: past a threshold the API answers 503 + Retry-After in the error format at once,
// before any handler runs; liveness and metrics still answer.
describe('overload (under-pressure)', () => {
  let t: TestApp;
  beforeAll(async () => {
    // 1 MB of heap: always past it, so the process is "under pressure" from the first sample on.
    t = await buildTestApp({ env: { OVERLOAD_MAX_HEAP_USED_MB: '1', OVERLOAD_RETRY_AFTER_S: '7', METRICS_TOKEN: 'token-do-prometheus-0123456789' } });
    // under-pressure samples once a second.
    await new Promise((resolve) => setTimeout(resolve, 1200));
  });
  afterAll(() => t.close());

  it('answers 503 with Retry-After and the Portuguese error body', async () => {
    for (const [method, url] of [['GET', '/api/produto/categoria'], ['POST', '/api/auth/login'], ['GET', '/api/ready']] as const) {
      const res = await t.app.inject({ method, url, payload: method === 'POST' ? { email: 'a@b.com', senha: 'x' } : undefined });
      const body = expectError(res, 503, OPS_MSG.sobrecarga);
      expect(body.errors[0]!.code).toBe('SOBRECARGA');
      expect(res.headers['retry-after']).toBe('7');
      expect(body.requestId).toBe(res.headers['x-request-id']);
    }
  });

  it('keeps /api/health and /api/metrics answering', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const metrics = await t.app.inject({ method: 'GET', url: '/api/metrics', headers: { authorization: 'Bearer token-do-prometheus-0123456789' } });
    expect(metrics.statusCode).toBe(200);
    expect(metrics.body).toMatch(/^legiao_overloaded 1$/m);
  });
});

describe('draining (close() started, SIGTERM)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('answers a request that still arrives with 503 ENCERRANDO and Retry-After: 1; liveness answers', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/produto/categoria' })).statusCode).toBe(200);
    t.app.draining = true; // what the preClose hook sets (the whole sequence: test/shutdown.test.ts)
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/produto/categoria' });
      expect(expectError(res, 503, OPS_MSG.encerrando).errors[0]!.code).toBe('ENCERRANDO');
      expect(res.headers['retry-after']).toBe('1');
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      t.app.draining = false;
    }
  });
});

describe('overload configuration', () => {
  it('is off in tests unless a test sets it, on by default elsewhere', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).overload).toMatchObject({ maxEventLoopDelayMs: 0, maxEventLoopUtilization: 0, maxHeapUsedBytes: 0, retryAfterS: 5 });
    const dev = loadConfig({ NODE_ENV: 'development' }).overload;
    expect(dev.maxEventLoopDelayMs).toBe(500);
    expect(dev.maxEventLoopUtilization).toBe(0);
    expect(dev.maxHeapUsedBytes).toBeGreaterThan(100 * 1024 * 1024);
    expect(loadConfig({ NODE_ENV: 'development', OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0' }).overload.maxEventLoopDelayMs).toBe(0);
  });

  it('refuses bad values at boot, all at once', () => {
    expect(() => loadConfig({ OVERLOAD_MAX_EVENT_LOOP_UTILIZATION: '1.5', OVERLOAD_RETRY_AFTER_S: '0', METRICS_TOKEN: 'curto' })).toThrow(ConfigError);
    try {
      loadConfig({ OVERLOAD_MAX_EVENT_LOOP_UTILIZATION: '1.5', OVERLOAD_RETRY_AFTER_S: '0', METRICS_TOKEN: 'curto', SHUTDOWN_TIMEOUT_MS: '-1' });
    } catch (err) {
      for (const name of ['OVERLOAD_MAX_EVENT_LOOP_UTILIZATION', 'OVERLOAD_RETRY_AFTER_S', 'METRICS_TOKEN', 'SHUTDOWN_TIMEOUT_MS']) expect((err as Error).message).toContain(name);
    }
  });
});
