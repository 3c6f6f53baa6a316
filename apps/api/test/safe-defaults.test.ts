import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@legiao/contracts';
import { ConfigError, loadConfig } from '../src/config.js';
import { isLoopbackHost } from '../src/lib/safe-defaults.js';
import { buildTestApp, type TestApp } from './support/app.js';
import { expectError } from './support/factories.js';

// Issue 23 item 2: what exists for the zero-setup start (the development inbox, the demo accounts
// and their published password, the development JWT secret) never serves other machines by accident.
// docs/decisions/0036-safe-defaults.md

const PROD = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), DATABASE_URL: 'postgresql://db/legiao', SMTP_URL: 'smtp://mail:25', PUBLIC_URL: 'https://legiao.example' };

describe('listening address', () => {
  it('is loopback by default outside production, every interface in production', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).host).toBe('localhost');
    expect(loadConfig({ NODE_ENV: 'test' }).host).toBe('localhost');
    expect(loadConfig(PROD).host).toBe('0.0.0.0');
    expect(loadConfig({ ...PROD, HOST: '10.0.0.5' }).host).toBe('10.0.0.5');
  });

  it('knows loopback when it sees it', () => {
    for (const h of ['localhost', '127.0.0.1', '127.1.2.3', '::1', '[::1]', '::ffff:127.0.0.1', '0:0:0:0:0:0:0:1']) expect(isLoopbackHost(h), h).toBe(true);
    for (const h of ['0.0.0.0', '::', '192.168.0.10', '10.0.0.1', 'legiao.example', '::ffff:10.0.0.1', '128.0.0.1']) expect(isLoopbackHost(h), h).toBe(false);
  });

  it('outside production, refuses to listen beyond loopback with any zero-setup default, naming each', () => {
    let message = '';
    try {
      loadConfig({ NODE_ENV: 'development', HOST: '0.0.0.0' });
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      message = (err as Error).message;
    }
    expect(message).toContain('HOST: 0.0.0.0 aceita conexões de outras máquinas');
    for (const name of ['JWT_SECRET ausente', 'SEED_DEMO', 'SMTP_URL ausente']) expect(message).toContain(name);
    // Each default alone is enough to refuse.
    const safe = { NODE_ENV: 'development', HOST: '0.0.0.0', JWT_SECRET: 'y'.repeat(40), SEED_DEMO: 'false', SMTP_URL: 'smtp://mail:25' };
    expect(loadConfig(safe).host).toBe('0.0.0.0');
    for (const missing of ['JWT_SECRET', 'SEED_DEMO', 'SMTP_URL'] as const) {
      const env: Record<string, string | undefined> = { ...safe, [missing]: undefined };
      expect(() => loadConfig(env), missing).toThrow(ConfigError);
    }
  });

  it('lets loopback, production, and an explicit ALLOW_INSECURE_DEFAULTS through', () => {
    for (const host of ['localhost', '127.0.0.1', '::1']) expect(loadConfig({ NODE_ENV: 'development', HOST: host }).host).toBe(host);
    const allowed = loadConfig({ NODE_ENV: 'development', HOST: '0.0.0.0', ALLOW_INSECURE_DEFAULTS: 'true' });
    expect(allowed.insecureDefaults).toHaveLength(3);
    expect(loadConfig({ NODE_ENV: 'development' }).insecureDefaults).toEqual([]);
  });

  it('the app listens on loopback only when HOST is unset', async () => {
    const t = await buildTestApp({ env: { HOST: undefined } });
    try {
      await t.app.listen({ host: t.config.host, port: 0 });
      const addresses = t.app.addresses();
      expect(addresses.length).toBeGreaterThan(0);
      for (const a of addresses) expect(isLoopbackHost(typeof a === 'string' ? a : a.address), String(a)).toBe(true);
    } finally {
      await t.close();
    }
  });
});

describe('the development inbox (/api/dev/emails)', () => {
  let withSmtp: TestApp;
  let withoutSmtp: TestApp;
  let behindProxy: TestApp;
  beforeAll(async () => {
    withSmtp = await buildTestApp();
    withoutSmtp = await buildTestApp({ env: { SMTP_URL: undefined } });
    behindProxy = await buildTestApp({ env: { SMTP_URL: undefined, TRUST_PROXY: '127.0.0.1' } });
  });
  afterAll(async () => {
    await Promise.all([withSmtp.close(), withoutSmtp.close(), behindProxy.close()]);
  });

  it('does not exist when SMTP_URL is set: the mails and their links went to a real mailbox', async () => {
    const res = await withSmtp.app.inject({ method: 'GET', url: '/api/dev/emails' });
    expectError(res, 404, MSG.naoEncontrado);
  });

  it('without SMTP, answers a caller on this machine', async () => {
    const res = await withoutSmtp.app.inject({ method: 'GET', url: '/api/dev/emails', remoteAddress: '127.0.0.1' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Caixa de entrada de desenvolvimento');
  });

  it('without SMTP, is a plain 404 to any other machine, also through a trusted proxy on this one', async () => {
    for (const remoteAddress of ['192.168.0.23', '203.0.113.9', '::ffff:10.1.2.3']) {
      const res = await withoutSmtp.app.inject({ method: 'GET', url: '/api/dev/emails', remoteAddress });
      expectError(res, 404, MSG.naoEncontrado);
    }
    const proxied = await behindProxy.app.inject({ method: 'GET', url: '/api/dev/emails', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.9' } });
    expectError(proxied, 404, MSG.naoEncontrado);
    const local = await behindProxy.app.inject({ method: 'GET', url: '/api/dev/emails', remoteAddress: '127.0.0.1' });
    expect(local.statusCode).toBe(200);
  });
});
