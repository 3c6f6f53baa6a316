import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeSecurityHeaders } from '../src/plugins/security-headers.js';
import { buildTestApp, type TestApp } from './support/app.js';

// Security headers are helmet's, computed once at boot (docs/decisions/0017-api-speed.md): every
// answer (success, error, not found) carries the same set.
describe('security headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it("are helmet's defaults with our CSP (no upgrade-insecure-requests)", () => {
    const h = computeSecurityHeaders();
    expect(h['content-security-policy']).toContain("default-src 'self'");
    expect(h['content-security-policy']).toContain("connect-src 'self' ws: wss:");
    expect(h['content-security-policy']).not.toContain('upgrade-insecure-requests');
    expect(h['x-content-type-options']).toBe('nosniff');
    expect(h['x-frame-options']).toBe('SAMEORIGIN');
    expect(h['strict-transport-security']).toMatch(/max-age=/);
    expect(h['cross-origin-opener-policy']).toBe('same-origin');
  });

  it('are on every answer: 200, 401 and 404', async () => {
    const expected = computeSecurityHeaders();
    for (const url of ['/api/health', '/api/usuario/logged', '/api/nada-aqui']) {
      const res = await t.app.inject({ method: 'GET', url });
      for (const [k, v] of Object.entries(expected)) expect(res.headers[k], `${url} ${k}`).toBe(v);
    }
  });
});
