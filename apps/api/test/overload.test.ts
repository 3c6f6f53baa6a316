import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPS_MSG } from '@legiao/contracts';
import { ConfigError, loadConfig } from '../src/config.js';
import { buildTestApp, type TestApp } from './support/app.js';
import { expectError } from './support/factories.js';

/** Polls `check` every 50 ms until it is true, for up to `ms` (the monitor samples once a second). */
async function until(check: () => Promise<boolean>, ms = 5000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`condition not met within ${ms} ms`);
}
const block = (ms: number) => {
  const end = performance.now() + ms;
  while (performance.now() < end);
};

// Issue 15 item 4: past a threshold the API answers 503 + Retry-After in the error format at once,
// before any handler runs; liveness and metrics still answer.
describe('overload: sustained pressure sheds', () => {
  let t: TestApp;
  beforeAll(async () => {
    // 1 MB of heap: always past it, so every sample is under pressure; shed from the first one.
    t = await buildTestApp({ env: { OVERLOAD_MAX_HEAP_USED_MB: '1', OVERLOAD_SUSTAINED_S: '1', OVERLOAD_RETRY_AFTER_S: '7', METRICS_TOKEN: 'token-do-prometheus-0123456789' } });
    await until(async () => t.app.pressure.shedding);
  });
  afterAll(() => t.close());

  it('answers 503 with Retry-After and the Portuguese error body', async () => {
    for (const [method, url] of [['GET', '/api/produto/categoria'], ['POST', '/api/auth/login']] as const) {
      const res = await t.app.inject({ method, url, payload: method === 'POST' ? { email: 'a@b.com', senha: 'x' } : undefined });
      const body = expectError(res, 503, OPS_MSG.sobrecarga);
      expect(body.errors[0]!.code).toBe('SOBRECARGA');
      expect(res.headers['retry-after']).toBe('7');
      expect(body.requestId).toBe(res.headers['x-request-id']);
    }
    // Readiness reports it in its own words: the balancer reads the status, a person the message.
    const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(expectError(ready, 503, OPS_MSG.naoPronto).errors[0]!.code).toBe('SOBRECARGA');
  });

  it('keeps /api/health and /api/metrics answering', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const metrics = await t.app.inject({ method: 'GET', url: '/api/metrics', headers: { authorization: 'Bearer token-do-prometheus-0123456789' } });
    expect(metrics.statusCode).toBe(200);
    expect(metrics.body).toMatch(/^legiao_overloaded 1$/m);
    expect(metrics.body).toMatch(/^legiao_under_pressure 1$/m);
  });
});

// Issue 23 item 1: one stall must not turn everyone away; readiness says "not ready" before any call is refused.
describe('overload: readiness first, shedding only when the pressure lasts', () => {
  it('a single stall makes /api/ready say 503 for a second and refuses no call', async () => {
    const t = await buildTestApp({ env: { OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '100' } });
    try {
      expect((await t.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
      // One block of 800 ms, in a timer of its own, as the first error's or a GC's stall would be.
      await new Promise<void>((resolve) => setTimeout(() => (block(800), resolve()), 5));
      await until(async () => (await t.app.inject({ method: 'GET', url: '/api/ready' })).statusCode === 503, 2500);
      const calls = await Promise.all([
        t.app.inject({ method: 'GET', url: '/api/produto/categoria' }),
        t.app.inject({ method: 'GET', url: '/api/faq' }),
        t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'ninguem@legiao.test', senha: 'SenhaErrada1!' } }),
      ]);
      expect(calls.map((r) => r.statusCode)).toEqual([200, 200, 401]);
      // The next quiet sample puts it back in rotation.
      await until(async () => (await t.app.inject({ method: 'GET', url: '/api/ready' })).statusCode === 200, 2500);
    } finally {
      await t.close();
    }
  });

  it('under lasting pressure, readiness goes first and calls are refused only after OVERLOAD_SUSTAINED_S samples', async () => {
    const t = await buildTestApp({ env: { OVERLOAD_MAX_HEAP_USED_MB: '1', OVERLOAD_SUSTAINED_S: '3' } });
    try {
      await until(async () => t.app.pressure.underPressure, 2500);
      expect(t.app.pressure.shedding).toBe(false);
      expect((await t.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(503);
      expect((await t.app.inject({ method: 'GET', url: '/api/produto/categoria' })).statusCode).toBe(200);
      await until(async () => t.app.pressure.shedding, 4000);
      expect(t.app.pressure.consecutive).toBeGreaterThanOrEqual(3);
      expect((await t.app.inject({ method: 'GET', url: '/api/produto/categoria' })).statusCode).toBe(503);
    } finally {
      await t.close();
    }
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
    expect(loadConfig({ NODE_ENV: 'test' }).overload).toMatchObject({ maxEventLoopDelayMs: 0, maxEventLoopUtilization: 0, maxHeapUsedBytes: 0, retryAfterS: 5, sustainedSamples: 3 });
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
