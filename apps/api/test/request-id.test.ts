import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorResponseSchema } from '@legiao/contracts';
import { buildTestApp, type TestApp } from './support/app.js';

// Issue 15 item 5: a request id on every answer and every error body, the proxy's only when the
// proxy is trusted (TRUST_PROXY), so a client cannot pick the id the logs are searched by.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('request id behind a trusted proxy', () => {
  let t: TestApp;
  // app.inject comes from 127.0.0.1: here that is the proxy.
  beforeAll(async () => {
    t = await buildTestApp({ env: { TRUST_PROXY: '127.0.0.1' } });
  });
  afterAll(() => t.close());

  it("takes the proxy's X-Request-Id and echoes it", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'haproxy-7f3a.01' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-request-id']).toBe('haproxy-7f3a.01');
  });

  it('puts the id in every error body, beside errors[]', async () => {
    const notFound = await t.app.inject({ method: 'GET', url: '/api/nao-existe', headers: { 'x-request-id': 'req-404' } });
    expect(notFound.statusCode).toBe(404);
    expect(errorResponseSchema.parse(notFound.json()).requestId).toBe('req-404');
    // A route whose error answers go through the compiled serializer (the contract lists requestId).
    const invalid = await t.app.inject({ method: 'GET', url: '/api/produto/abc', headers: { 'x-request-id': 'req-400' } });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({ errors: [expect.objectContaining({ message: expect.any(String) })], requestId: 'req-400' });
    const unauthenticated = await t.app.inject({ method: 'GET', url: '/api/usuario/logged', headers: { 'x-request-id': 'req-401' } });
    expect(unauthenticated.statusCode).toBe(401);
    expect(unauthenticated.json().requestId).toBe('req-401');
    expect(unauthenticated.headers['x-request-id']).toBe('req-401');
  });

  it('refuses an id that could forge a log line or a header (bad input): a new one is made', async () => {
    for (const bad of ['a b', 'x'.repeat(65), 'linha\u2028nova', '']) {
      const res = await t.app.inject({ method: 'GET', url: '/api/nao-existe', headers: { 'x-request-id': bad } });
      expect(res.headers['x-request-id']).toMatch(UUID);
      expect(res.json().requestId).toBe(res.headers['x-request-id']);
    }
  });

  it('leaves success bodies alone', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'ok-1' } });
    expect(res.json()).toEqual({ status: 'ok' });
  });
});

describe('request id without a trusted proxy (the default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it("ignores a client's X-Request-Id and makes a new id per request", async () => {
    const a = await t.app.inject({ method: 'GET', url: '/api/nao-existe', headers: { 'x-request-id': 'escolhido-pelo-cliente' } });
    const b = await t.app.inject({ method: 'GET', url: '/api/nao-existe' });
    expect(a.headers['x-request-id']).toMatch(UUID);
    expect(a.json().requestId).toBe(a.headers['x-request-id']);
    expect(b.headers['x-request-id']).not.toBe(a.headers['x-request-id']);
  });
});
