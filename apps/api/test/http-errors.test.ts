import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { OPS_MSG } from '@legiao/contracts';
import { createPrisma } from '../src/db/prisma.js';
import { buildTestApp, TEST_JWT_SECRET, type TestApp } from './support/app.js';
import { bearer, createUser, expectError, login, TEST_PASSWORD } from './support/factories.js';
import { signJwt } from './support/jwt.js';
import { getFreePort } from './support/ports.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const FALLBACK = 'Algo deu errado na requisição';

/** Nothing of the server's insides in an error body. */
function expectNoInternals(res: LightMyRequestResponse) {
  expect(res.body).not.toMatch(/\bat \S+ \(|node_modules|\/work\/|\.ts:\d+|stack|SyntaxError|Unexpected token|ECONNREFUSED|prisma/i);
}

describe('routing', () => {
  it('matches routes case-insensitively and ignores a trailing slash', async () => {
    const { email } = await createUser(t.prisma);
    const token = await login(t.app, email);
    const res = await t.app.inject({ method: 'GET', url: '/api/USUARIO/LOGGED', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json().email).toBe(email);
    expect((await t.app.inject({ method: 'GET', url: '/API/Health/' })).statusCode).toBe(200);
  });

  it('answers an unknown /api path with 404 in the error format', async () => {
    for (const [method, url] of [['GET', '/api/nao-existe'], ['POST', '/api/usuario/nao-existe'], ['PATCH', '/api/usuario']] as const) {
      const res = await t.app.inject({ method, url });
      expect(expectError(res, 404, 'Recurso não encontrado.').errors[0]!.code).toBe('NOT_FOUND');
    }
  });

  it('tags every answer with a request id', async () => {
    // A client's X-Request-Id is not believed (only a trusted proxy's: test/request-id.test.ts).
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'teste-123' } });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect((await t.app.inject({ method: 'GET', url: '/api/nao-existe' })).headers['x-request-id']).toBeTruthy();
  });
});

describe('bad requests never become 500s', () => {
  it('answers invalid JSON with 400 in the error format', async () => {
    // An empty body is not bad JSON: it is "no body" (issue 14, test/request-hardening.test.ts).
    for (const payload of ['{"email": "a@b.com", "senha":', 'não é json']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload });
      expectError(res, 400, FALLBACK);
      expectNoInternals(res);
    }
  });

  it('answers a body of the wrong type with a 4xx in the error format', async () => {
    const form = await t.app.inject({ method: 'POST', url: '/api/usuario', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'email=a@b.com' });
    expectError(form, 415, FALLBACK);
    expectNoInternals(form);
    const text = await t.app.inject({ method: 'POST', url: '/api/usuario', headers: { 'content-type': 'text/plain' }, payload: 'email=a@b.com' });
    expectError(text, 400, 'O valor enviado deve ser um objeto.');
    const notAnObject = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: '[1,2,3]', headers: { 'content-type': 'application/json' } });
    expect(notAnObject.statusCode).toBe(400);
    expectNoInternals(notAnObject);
  });

  it('answers an oversized body with 413 in the error format', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'a@b.com', senha: 'x'.repeat(300 * 1024) } });
    expectError(res, 413, FALLBACK);
  });

  it('answers wrongly typed fields with 400 in Portuguese', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 42, senha: { $ne: null } } });
    const body = expectError(res, 400);
    for (const e of body.errors) expect(e.message).not.toMatch(/expected|invalid input|required/i);
    expectNoInternals(res);
  });
});

describe('server failures', () => {
  it('answer 500 with the generic Portuguese message and no internals', async () => {
    // A database that doesn't exist is a wrong setting, not an outage: an internal error.
    const missing = new URL(inject('databaseUrl'));
    missing.pathname = `/legiao_test_nao_existe_${process.pid}`;
    const broken = await buildTestApp({ prisma: createPrisma(missing.toString(), 1) });
    try {
      const res = await broken.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'alguem@teste.legiao.dev', senha: TEST_PASSWORD } });
      expect(expectError(res, 500, FALLBACK).errors[0]!.code).toBe('INTERNAL');
      expectNoInternals(res);
    } finally {
      await broken.close();
    }
  });

  it('a database out of reach on an authenticated call is a 503 to retry, never a 401 that would log the member out', async () => {
    const port = await getFreePort();
    const broken = await buildTestApp({ prisma: createPrisma(`postgresql://postgres@127.0.0.1:${port}/legiao_test`, 1) });
    try {
      const now = Math.floor(Date.now() / 1000);
      const token = signJwt({ sub: randomUUID(), sid: randomUUID(), iat: now, exp: now + 3600 }, TEST_JWT_SECRET);
      const res = await broken.app.inject({ method: 'GET', url: '/api/usuario/logged', headers: bearer(token) });
      expect(expectError(res, 503, OPS_MSG.bancoIndisponivel).errors[0]!.code).toBe('BANCO_INDISPONIVEL');
      expect(res.headers['retry-after']).toBe('2');
      expectNoInternals(res);
    } finally {
      await broken.close();
    }
  });
});
