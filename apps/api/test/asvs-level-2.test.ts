import { Writable } from 'node:stream';
import Fastify from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './support/app.js';
import { bearer, createUser, login } from './support/factories.js';
import { computeSecurityHeaders, helmetOptionsFor, socketSources } from '../src/plugins/security-headers.js';
import { loggerOptions, redactUrl } from '../src/plugins/log-redaction.js';
import { RequestLog } from '../src/plugins/request-log.js';

// The gaps an OWASP ASVS 4.0.3 level 2 review of the web parts found and closed here
// (docs/decisions/0040-asvs-level-2.md): API answers are never stored by browsers or proxies and
// are downloads if opened as a page (8.1.1, 8.2.1, 14.4.2); the CSP lets the page open sockets to
// its own host only (14.4.3); the log never holds a query's personal data or link secrets (7.1.1, 7.1.2).

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('API answers are not stored and are not pages (ASVS 8.1.1, 8.2.1, 14.4.2)', () => {
  it('an authenticated answer, a refusal and a public check: Cache-Control no-store and Content-Disposition attachment', async () => {
    const { email } = await createUser(t.prisma);
    const headers = bearer(await login(t.app, email));
    const answers = [
      await t.app.inject({ method: 'GET', url: '/api/usuario/logged', headers }),
      await t.app.inject({ method: 'GET', url: '/api/usuario/extrato', headers }),
      await t.app.inject({ method: 'GET', url: '/api/usuario/logged' }),
      await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, senha: 'Errada@123' } }),
      await t.app.inject({ method: 'GET', url: '/API/Usuario/Logged', headers }),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 401, 401, 200]);
    for (const r of answers) {
      expect(r.headers['cache-control'], r.body).toBe('no-store');
      expect(r.headers['content-disposition']).toBe('attachment; filename="api.json"');
    }
  });

  it('content that may be revalidated and named downloads keep their own headers', async () => {
    const faq = await t.app.inject({ method: 'GET', url: '/api/faq' });
    expect(faq.statusCode).toBe(200);
    expect(faq.headers['cache-control']).toBe('public, no-cache');
    expect(faq.headers.etag).toBeTruthy();
    const { email } = await createUser(t.prisma);
    const mine = await t.app.inject({ method: 'GET', url: '/api/usuario/meus-dados', headers: bearer(await login(t.app, email)) });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-disposition']).toMatch(/^attachment; filename="meus-dados-legiao-/);
  });

  it('the OpenAPI viewer and paths outside /api are pages, not downloads', async () => {
    for (const url of ['/api/docs', '/api/docs/json', '/nada-aqui', '/apis']) {
      const r = await t.app.inject({ method: 'GET', url });
      expect(r.headers['content-disposition'], url).toBeUndefined();
      expect(r.headers['cache-control'], url).not.toBe('no-store');
    }
  });
});

describe('the CSP lets the page connect to its own host only (ASVS 14.4.3)', () => {
  it('connect-src has no bare ws:/wss: scheme, only the PUBLIC_URL socket origin', async () => {
    const csp = (await t.app.inject({ method: 'GET', url: '/api/health' })).headers['content-security-policy'] as string;
    const connect = csp.split(';').find((d) => d.startsWith('connect-src '));
    expect(connect).toBe("connect-src 'self' ws://legiao.test");
    expect(socketSources('https://legiao.exemplo.com')).toEqual(['wss://legiao.exemplo.com']);
    expect(socketSources('http://localhost:3000')).toEqual(['ws://localhost:3000']);
    expect(computeSecurityHeaders(helmetOptionsFor([]))['content-security-policy']).toMatch(/(^|;)connect-src 'self'(;|$)/);
  });
});

describe('the log holds no query personal data nor link secrets (ASVS 7.1.1, 7.1.2)', () => {
  it('query values are *** unless they are paging or filter values', () => {
    expect(redactUrl('/api/auth/recuperar-senha?email=maria%40exemplo.com')).toBe('/api/auth/recuperar-senha?email=***');
    expect(redactUrl('/recuperar-senha?q=0b6c&h=segredo')).toBe('/recuperar-senha?q=***&h=***');
    expect(redactUrl('/api/admin/membros?busca=123.456.789-09&pagina=2&porPagina=20')).toBe('/api/admin/membros?busca=***&pagina=2&porPagina=20');
    expect(redactUrl('/api/satisfacao?hash=abc&HASH=def&Pagina=3')).toBe('/api/satisfacao?hash=***&HASH=***&Pagina=3');
    expect(redactUrl('/x?segredo&&e%ZZ=1')).toBe('/x?***&&e%ZZ=***');
    expect(redactUrl('/api/produto/cliente/7')).toBe('/api/produto/cliente/7');
  });

  it("a failed request's log line, written with the API's logger options, keeps the route and hides the values", async () => {
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({ write: (chunk, _enc, cb) => (lines.push(JSON.parse(String(chunk))), cb()) });
    const app = Fastify({ loggerInstance: pino(loggerOptions('info'), sink), logController: new RequestLog(10_000) });
    app.get('/api/usuario/valid-cpf', async (_req, reply) => reply.status(409).send({ errors: [{ message: 'CPF já cadastrado' }] }));
    try {
      await app.inject({ method: 'GET', url: '/api/usuario/valid-cpf?cpf=52998224725&pagina=1' });
      const line = lines.find((l) => l.statusCode === 409);
      expect(line?.url).toBe('/api/usuario/valid-cpf?cpf=***&pagina=1');
      expect(JSON.stringify(lines)).not.toContain('52998224725');
    } finally {
      await app.close();
    }
  });
});

describe('changing the password is rate-limited like the other password calls (ASVS 2.2.1)', () => {
  it('answers 429 in Portuguese after RATE_LIMIT_AUTH_MAX attempts from one address, and changes nothing', async () => {
    const limited = await buildTestApp({ env: { RATE_LIMIT_AUTH_MAX: '3' } });
    try {
      const { email } = await createUser(limited.prisma);
      const headers = bearer(await login(limited.app, email));
      const attempt = () => limited.app.inject({ method: 'PATCH', url: '/api/usuario/nova-senha', headers, payload: { senha: 'Errada@123', novaSenha: 'Nova@Senha123' } });
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await attempt()).statusCode);
      expect(statuses.slice(0, 3).every((s) => s !== 429 && s !== 200)).toBe(true);
      const refused = await attempt();
      expect(refused.statusCode).toBe(429);
      expect(refused.json().errors[0].message).toMatch(/tentativas/i);
      expect(statuses[3]).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
