import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './support/app.js';

// The web build served by the API on the same port: precompressed files, cache rules, SPA fallback.
const JS = 'console.log("legião");'.repeat(50);
let dir: string;
let t: TestApp;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'legiao-web-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Legião</title>');
  writeFileSync(join(dir, 'landing.html'), '<!doctype html><title>Legião</title><script>alert(1)</script><div id="root"><main>hero</main></div>');
  writeFileSync(join(dir, 'assets/app-abc123.js'), JS);
  writeFileSync(join(dir, 'assets/app-abc123.js.br'), brotliCompressSync(JS));
  writeFileSync(join(dir, 'assets/app-abc123.js.gz'), gzipSync(JS));
  t = await buildTestApp({ env: { WEB_DIST: dir } });
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the web build', () => {
  it('sends the brotli or gzip file the build wrote, as the browser accepts, cached for a year', async () => {
    const br = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(JS.length);

    const gz = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');

    const plain = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(JS);
  });

  it('answers index.html, never cached, for SPA routes; a missing asset is a real 404', async () => {
    const home = await t.app.inject({ method: 'GET', url: '/home' });
    expect(home.statusCode).toBe(200);
    expect(home.headers['content-type']).toMatch(/^text\/html/);
    expect(home.body).toContain('<title>Legião</title>');

    const index = await t.app.inject({ method: 'GET', url: '/index.html' });
    expect(index.headers['cache-control']).toBe('no-cache');

    const missing = await t.app.inject({ method: 'GET', url: '/assets/nao-existe-999.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().errors[0].message).toBeTruthy();
  });

  // apps/web/vite/prerender-landing-plugin.ts: the landing's first screen is in the HTML of `/` only.
  it("answers landing.html at / (with a query too), index.html everywhere else, and allows landing.html's inline script", async () => {
    for (const url of ['/', '/?r=abc123']) {
      const landing = await t.app.inject({ method: 'GET', url });
      expect(landing.statusCode).toBe(200);
      expect(landing.headers['content-type']).toMatch(/^text\/html/);
      expect(landing.headers['cache-control']).toBe('no-cache');
      expect(landing.body).toContain('<main>hero</main>');
      // sha256 of 'alert(1)' in base64, computed outside this code (Python's hashlib).
      expect(landing.headers['content-security-policy']).toContain("'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='");
    }
    for (const url of ['/home', '/cadastro', '/HOME']) {
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.body).not.toContain('hero');
      expect(page.body).toContain('<title>Legião</title>');
    }
  });
});
