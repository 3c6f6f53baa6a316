import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, parseTrustProxy } from '../src/config.js';
import { buildTestApp, type TestApp } from './support/app.js';
import { createUser, expectError, TEST_PASSWORD, uniqueEmail } from './support/factories.js';

// Issue 14 item 6: a launch day brings thousands of members through one carrier NAT or office
// proxy. Failed attempts are limited per account; per IP there is only a much higher ceiling.

const TOO_MANY = 'Muitas tentativas. Aguarde um minuto e tente novamente.';
const NAT = '203.0.113.7';

let t: TestApp;
beforeAll(async () => {
  // The production defaults (RATE_LIMIT_AUTH_MAX 10, RATE_LIMIT_LOGIN_IP_MAX 1000), not the test ones.
  t = await buildTestApp({ env: { RATE_LIMIT_AUTH_MAX: '10', RATE_LIMIT_WINDOW_MS: '60000' } });
});
afterAll(() => t.close());

const loginFrom = (app: TestApp['app'], remoteAddress: string, email: string, password: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress, headers, payload: { email, senha: password } });

describe('login limits', () => {
  it('200 different members log in from one address in one window: none is refused', async () => {
    const members = [];
    for (let i = 0; i < 200; i++) members.push(await createUser(t.prisma));
    const statuses = [];
    for (const m of members) statuses.push((await loginFrom(t.app, NAT, m.email, TEST_PASSWORD)).statusCode);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
  }, 120_000);

  it('locks one account after 10 failed attempts (even the right password then), not its neighbours', async () => {
    const victim = await createUser(t.prisma);
    const neighbour = await createUser(t.prisma);
    for (let i = 0; i < 10; i++) expectError(await loginFrom(t.app, '198.51.100.1', victim.email, 'Errada@123'), 401);
    // From another address too: the count is the account's, not the attacker's IP.
    expectError(await loginFrom(t.app, '198.51.100.2', victim.email, TEST_PASSWORD), 429, TOO_MANY);
    expect((await loginFrom(t.app, '198.51.100.1', neighbour.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('an unknown e-mail is counted and answered like a known one (no account enumeration)', async () => {
    const unknown = uniqueEmail('ninguem');
    for (let i = 0; i < 10; i++) expectError(await loginFrom(t.app, '198.51.100.3', unknown, 'Errada@123'), 401);
    expectError(await loginFrom(t.app, '198.51.100.3', unknown, 'Errada@123'), 429, TOO_MANY);
  });

  it('a successful login starts the account count again', async () => {
    const m = await createUser(t.prisma);
    for (let i = 0; i < 9; i++) expectError(await loginFrom(t.app, '198.51.100.4', m.email, 'Errada@123'), 401);
    expect((await loginFrom(t.app, '198.51.100.4', m.email, TEST_PASSWORD)).statusCode).toBe(200);
    for (let i = 0; i < 9; i++) expectError(await loginFrom(t.app, '198.51.100.4', m.email, 'Errada@123'), 401);
    expect((await loginFrom(t.app, '198.51.100.4', m.email, TEST_PASSWORD)).statusCode).toBe(200);
  });
});

describe('the per-IP ceiling and the client IP behind a proxy', () => {
  it('refuses logins over RATE_LIMIT_LOGIN_IP_MAX from one IP; X-Forwarded-For is ignored unless TRUST_PROXY names the proxy', async () => {
    const members = [];
    for (let i = 0; i < 4; i++) members.push(await createUser(t.prisma));

    const direct = await buildTestApp({ env: { RATE_LIMIT_AUTH_MAX: '10', RATE_LIMIT_LOGIN_IP_MAX: '2' } });
    try {
      // Not trusted by default: a client can't pick a fresh IP per request with X-Forwarded-For.
      expect((await loginFrom(direct.app, NAT, members[0]!.email, TEST_PASSWORD, { 'x-forwarded-for': '10.0.0.1' })).statusCode).toBe(200);
      expect((await loginFrom(direct.app, NAT, members[1]!.email, TEST_PASSWORD, { 'x-forwarded-for': '10.0.0.2' })).statusCode).toBe(200);
      expectError(await loginFrom(direct.app, NAT, members[2]!.email, TEST_PASSWORD, { 'x-forwarded-for': '10.0.0.3' }), 429, TOO_MANY);
    } finally {
      await direct.close();
    }

    const proxied = await buildTestApp({ env: { RATE_LIMIT_AUTH_MAX: '10', RATE_LIMIT_LOGIN_IP_MAX: '2', TRUST_PROXY: '192.0.2.10' } });
    try {
      const proxy = '192.0.2.10';
      expect((await loginFrom(proxied.app, proxy, members[0]!.email, TEST_PASSWORD, { 'x-forwarded-for': '10.0.0.1' })).statusCode).toBe(200);
      expect((await loginFrom(proxied.app, proxy, members[1]!.email, TEST_PASSWORD, { 'x-forwarded-for': '10.0.0.1' })).statusCode).toBe(200);
      expectError(await loginFrom(proxied.app, proxy, members[2]!.email, TEST_PASSWORD, { 'x-forwarded-for': '10.0.0.1' }), 429, TOO_MANY);
      // Another client behind the same trusted proxy has its own count.
      expect((await loginFrom(proxied.app, proxy, members[3]!.email, TEST_PASSWORD, { 'x-forwarded-for': '10.0.0.2' })).statusCode).toBe(200);
    } finally {
      await proxied.close();
    }
  });

  it('TRUST_PROXY is parsed at boot: false by default, true, or addresses/CIDRs; anything else stops the boot', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).trustProxy).toBe(false);
    expect(parseTrustProxy('true')).toBe(true);
    expect(parseTrustProxy('10.0.0.1, 172.16.0.0/12,::1')).toEqual(['10.0.0.1', '172.16.0.0/12', '::1']);
    for (const bad of ['yes', 'loopback', '10.0.0.0/33', '300.1.1.1', '1']) expect(parseTrustProxy(bad), bad).toBeNull();
    expect(() => loadConfig({ NODE_ENV: 'test', TRUST_PROXY: '10.0.0.0/99' })).toThrow(/TRUST_PROXY/);
  });
});
