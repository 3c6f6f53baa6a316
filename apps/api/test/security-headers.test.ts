import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { computeSecurityHeaders, helmetOptionsFor, inlineScriptSources, securityHeadersPlugin, socketSources } from '../src/plugins/security-headers.js';
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
    // Sockets to the page's own host only (docs/decisions/0040-asvs-level-2.md), not to any ws:/wss: host.
    expect(h['content-security-policy']).toMatch(/(^|;)connect-src 'self'(;|$)/);
    expect(h['content-security-policy']).not.toContain('upgrade-insecure-requests');
    expect(h['x-content-type-options']).toBe('nosniff');
    expect(h['x-frame-options']).toBe('SAMEORIGIN');
    expect(h['strict-transport-security']).toMatch(/max-age=/);
    expect(h['cross-origin-opener-policy']).toBe('same-origin');
  });

  it('are on every answer: 200, 401 and 404', async () => {
    const expected = computeSecurityHeaders(helmetOptionsFor([], socketSources(t.config.publicUrl)));
    for (const url of ['/api/health', '/api/usuario/logged', '/api/nada-aqui']) {
      const res = await t.app.inject({ method: 'GET', url });
      for (const [k, v] of Object.entries(expected)) expect(res.headers[k], `${url} ${k}`).toBe(v);
    }
  });

  // The web app's index.html carries the first screen's prefetch inline (docs/decisions/0022-home-first-screen.md):
  // the policy allows that exact text by its hash, and still no other inline script.
  it("allow the served index.html's inline scripts by hash, and nothing else inline", async () => {
    // sha256 of 'alert(1)' in base64, computed outside this code (Python's hashlib).
    const html = '<head><script>alert(1)</script><script type="module" src="/assets/app.js"></script></head>';
    expect(inlineScriptSources(html)).toEqual(["'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='"]);
    expect(inlineScriptSources('<script src="/a.js"></script><script></script>')).toEqual([]);

    const dir = mkdtempSync(join(tmpdir(), 'legiao-csp-'));
    writeFileSync(join(dir, 'index.html'), html);
    const app = Fastify();
    await app.register(securityHeadersPlugin, { webDist: dir });
    app.get('/', async () => 'ok');
    const csp = (await app.inject({ method: 'GET', url: '/' })).headers['content-security-policy'] as string;
    await app.close();
    const scriptSrc = csp.split(';').find((d) => d.startsWith('script-src '));
    expect(scriptSrc).toBe("script-src 'self' 'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='");
    // Without a web build (or with no inline script) the policy is helmet's own.
    expect(computeSecurityHeaders(helmetOptionsFor([]))['content-security-policy']).toContain("script-src 'self';");
  });
});
