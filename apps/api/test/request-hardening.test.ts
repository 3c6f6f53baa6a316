import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { errorResponseSchema, missingFieldMessage, REQUEST_MSG } from '@legiao/contracts';
import { buildTestApp, type TestApp } from './support/app.js';
import { bearer, createUser, expectError, login } from './support/factories.js';

// Issue 14: what a contract fuzzer and a person trying things by hand found. Every answer is the
// one error format in Portuguese; nothing reaches PostgreSQL that it would refuse.

let t: TestApp;
let webDir: string;
beforeAll(async () => {
  webDir = mkdtempSync(join(tmpdir(), 'legiao-web-'));
  writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>Legião</title>');
  t = await buildTestApp({ env: { WEB_DIST: webDir } });
});
afterAll(async () => {
  await t.close();
  rmSync(webDir, { recursive: true, force: true });
});

const FALLBACK = 'Algo deu errado na requisição';

/** Not a 5xx, and the one error format with a Portuguese message. */
function expectPortugueseError(res: LightMyRequestResponse, status: number, message?: string) {
  const body = expectError(res, status, message);
  for (const e of body.errors) expect(e.message).not.toMatch(/\b(expected|invalid|required|is not|exceeding|Bad Request|Too Large)\b/i);
  return body;
}

describe('control characters and integers out of an int4 column (was 500)', () => {
  it('refuses a NUL byte in a query, a path parameter or a body field with 400 in Portuguese', async () => {
    const { email } = await createUser(t.prisma);
    const token = await login(t.app, email);
    const cases: Array<{ method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: unknown; auth?: boolean }> = [
      { method: 'GET', url: '/api/auth/recuperar-senha?email=a%00@b.com' },
      { method: 'GET', url: '/api/usuario/valid-email?email=a%00b@teste.legiao.dev' },
      { method: 'GET', url: '/api/usuario/valid-optin?email=a%00b@teste.legiao.dev' },
      { method: 'GET', url: '/api/produto/busca?categoria=Bar%00' },
      { method: 'GET', url: '/api/satisfacao?hash=abc%00' },
      { method: 'DELETE', url: '/api/satisfacao?hash=abc%00' },
      { method: 'POST', url: '/api/satisfacao', payload: { hash: 'abc\u0000', respostas: [{ idPesquisa: 1, idPesquisaPergunta: 1, idRespostas: [1], complemento: null }] } },
      { method: 'PUT', url: '/api/usuario', payload: { nome: 'Maria\u0000', celular: '11987654321' }, auth: true },
      { method: 'POST', url: '/api/usuario/alterar-email', payload: { email: 'novo\u0000@teste.legiao.dev', senha: 'x' }, auth: true },
      { method: 'POST', url: '/api/produto/cliente', payload: { idProduto: 1, localCompra: 'Loja\u0000' }, auth: true },
      { method: 'PUT', url: '/api/produto/cliente', payload: { idProduto: 1, localCompra: 'Loja\u0001' }, auth: true },
      { method: 'GET', url: '/api/cep/0131%000100' },
    ];
    for (const c of cases) {
      const res = await t.app.inject({ method: c.method, url: c.url, payload: c.payload as object, headers: c.auth ? bearer(token) : {} });
      expectPortugueseError(res, 400, REQUEST_MSG.caractereInvalido);
    }
    // Tabs and line breaks are text a person types (a survey's free answer): still accepted.
    const ok = await t.app.inject({ method: 'PUT', url: '/api/usuario', headers: bearer(token), payload: { nome: 'Maria\tda Silva', celular: '11987654321' } });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('refuses an integer over int4 with 400, never a PostgreSQL overflow', async () => {
    const { email } = await createUser(t.prisma);
    const token = await login(t.app, email);
    for (const payload of [
      { idPesquisa: 2147483648, idPesquisaPergunta: 1, idRespostas: [1] },
      { idPesquisa: 1, idPesquisaPergunta: 2147483648, idRespostas: [1] },
      { idPesquisa: 1, idPesquisaPergunta: 1, idRespostas: [2147483648] },
    ]) {
      expectPortugueseError(await t.app.inject({ method: 'POST', url: '/api/pesquisa', headers: bearer(token), payload }), 400);
    }
    const satisfaction = await t.app.inject({ method: 'POST', url: '/api/satisfacao', payload: { hash: 'abc', respostas: [{ idPesquisa: 2147483648, idPesquisaPergunta: 1, idRespostas: [], complemento: null }] } });
    expectPortugueseError(satisfaction, 400);
  });
});

/** A real socket: these answers come from Node's parser or the router, which app.inject skips. */
function rawRequest(port: number, path: string, headers: Record<string, string> = {}): Promise<{ status: number; type: string | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode!, type: res.headers['content-type'], body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('answers produced before routing are the error format in Portuguese', () => {
  it('431 for headers over the limit (a 20 KiB cookie), written on the raw socket', async () => {
    const server = await buildTestApp();
    try {
      await server.app.listen({ port: 0, host: '127.0.0.1' });
      const port = (server.app.server.address() as { port: number }).port;
      const res = await rawRequest(port, '/api/health', { cookie: `a=${'x'.repeat(20 * 1024)}` });
      expect(res.status).toBe(431);
      expect(res.type).toMatch(/application\/json/);
      expect(errorResponseSchema.parse(JSON.parse(res.body)).errors[0]!.message).toBe(REQUEST_MSG.cabecalhosGrandes);
    } finally {
      await server.close();
    }
  });

  it('400 for a URL that cannot be decoded, 414 for an over-long path parameter', async () => {
    expectPortugueseError(await t.app.inject({ method: 'GET', url: '/api/cep/%ZZ' }), 400, REQUEST_MSG.enderecoInvalido);
    expectPortugueseError(await t.app.inject({ method: 'GET', url: '/api/cep/%ED%A0%80' }), 400, REQUEST_MSG.enderecoInvalido);
    expectPortugueseError(await t.app.inject({ method: 'GET', url: `/api/produto/${'1'.repeat(200)}` }), 414, REQUEST_MSG.enderecoLongo);
  });

  it('400 JSON for a CORS preflight without Origin or Access-Control-Request-Method; a good one still works', async () => {
    for (const headers of [{}, { origin: 'http://legiao.test' }, { 'access-control-request-method': 'POST' }]) {
      expectPortugueseError(await t.app.inject({ method: 'OPTIONS', url: '/api/auth/login', headers }), 400, REQUEST_MSG.preflightInvalido);
    }
    const good = await t.app.inject({ method: 'OPTIONS', url: '/api/auth/login', headers: { origin: 'http://legiao.test', 'access-control-request-method': 'POST' } });
    expect(good.statusCode).toBe(204);
    expect(good.headers['access-control-allow-origin']).toBe('http://legiao.test');
  });

  it('bad JSON, a wrong media type and an oversized body keep their status, in the error format', async () => {
    expectPortugueseError(await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: '{"email":' }), 400, FALLBACK);
    expectPortugueseError(await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/xml' }, payload: '<a/>' }), 415, FALLBACK);
    expectPortugueseError(await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'a@b.com', senha: 'x'.repeat(300 * 1024) } }), 413, FALLBACK);
  });
});

describe('the waiting room socket without a WebSocket handshake', () => {
  it('answers 426 with the usual error body (was an empty 404)', async () => {
    const body = expectPortugueseError(await t.app.inject({ method: 'GET', url: '/api/fila/ws' }), 426, REQUEST_MSG.somenteWebSocket);
    expect(body.errors[0]!.code).toBe('UPGRADE_REQUIRED');
  });
});

describe('HEAD wherever GET answers', () => {
  it('answers HEAD on the web app pages (was 404) and on API reads', async () => {
    for (const url of ['/', '/home', '/login', '/editar-perfil']) {
      const get = await t.app.inject({ method: 'GET', url });
      const head = await t.app.inject({ method: 'HEAD', url });
      expect(get.statusCode, url).toBe(200);
      expect(head.statusCode, url).toBe(200);
      expect(head.headers['content-type']).toMatch(/^text\/html/);
      expect(head.body).toBe('');
    }
    const head = await t.app.inject({ method: 'HEAD', url: '/api/health' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect((await t.app.inject({ method: 'HEAD', url: '/index.html' })).statusCode).toBe(200);
  });
});

describe('Content-Type: application/json with an empty body', () => {
  const json = { 'content-type': 'application/json' };

  it('is accepted where the route takes no body (logout, DELETE)', async () => {
    const { email } = await createUser(t.prisma);
    const token = await login(t.app, email);
    const logout = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { ...json, ...bearer(token) }, payload: '' });
    expect(logout.statusCode, logout.body).toBe(200);

    const social = await createUser(t.prisma, { social: true });
    const socialToken = await login(t.app, social.email).catch(() => null);
    // A DELETE with an empty JSON body reaches the route's own rules (not a 400 for the body).
    const del = await t.app.inject({ method: 'DELETE', url: '/api/usuario', headers: { ...json, ...bearer(socialToken ?? token) }, payload: '' });
    expect(del.statusCode, del.body).not.toBe(400);

    const product = await createUser(t.prisma);
    const productToken = await login(t.app, product.email);
    const delProduct = await t.app.inject({ method: 'DELETE', url: '/api/produto/cliente/00000000-0000-4000-8000-000000000000', headers: { ...json, ...bearer(productToken) }, payload: '' });
    expectError(delProduct, 404);
  });

  it('names each missing field, in Portuguese, where the route needs a body', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: json, payload: '' });
    const body = expectPortugueseError(res, 400, missingFieldMessage('email'));
    expect(body.errors.map((e) => e.message)).toEqual([missingFieldMessage('email'), missingFieldMessage('senha')]);
    // No body at all: the same answer.
    const none = await t.app.inject({ method: 'POST', url: '/api/usuario/reenviar-email' });
    expectPortugueseError(none, 400, missingFieldMessage('email'));
  });
});

// What the contract fuzzer (bench/fuzz.mjs) found after the first round (ADR 0023, "The contract fuzzer").
describe('the contract fuzzer: numbers, URLs, messages, races and methods', () => {
  it('reads a number in a query or path only as decimal digits (" 1", "+1", "1e3", "0x10" were read by Number())', async () => {
    for (const text of ['%201', '1%20', '%2B1', '1e3', '0x10', '1.0', 'Infinity', '']) {
      expectPortugueseError(await t.app.inject({ method: 'GET', url: `/api/produto?page=${text}` }), 400);
      if (text) expectPortugueseError(await t.app.inject({ method: 'GET', url: `/api/produto/${text}` }), 400);
    }
    // Digits, even with leading zeros or a minus sign, still reach the contract's own limits.
    expect((await t.app.inject({ method: 'GET', url: '/api/produto?page=01&pageSize=2' })).statusCode).toBe(200);
    expectPortugueseError(await t.app.inject({ method: 'GET', url: '/api/produto?page=-1' }), 400);
  });

  it('refuses a query that does not percent-decode to UTF-8 (was read as the literal text)', async () => {
    for (const query of ['q=abc%ZZ', 'q=abc%', 'q=%E2%82', 'q=abc%ED%A0%80', 'q=%FF%FE', 'q%ZZ=1']) {
      expectPortugueseError(await t.app.inject({ method: 'GET', url: `/api/produto/busca?${query}` }), 400, REQUEST_MSG.enderecoInvalido);
    }
    // Encoded text that decodes is untouched: '+' and %20 are spaces, %C3%A7 is ç.
    expect((await t.app.inject({ method: 'GET', url: '/api/produto/busca?q=caf%C3%A9+com%20leite' })).statusCode).toBe(200);
  });

  it('names the field of a missing or wrongly typed value in Portuguese (zod said "undefined" and "NaN")', async () => {
    const admin = await createUser(t.prisma);
    await t.prisma.usuario.update({ where: { id: admin.usuario.id }, data: { admin: true } });
    const headers = bearer(await login(t.app, admin.email));
    const missing = await t.app.inject({ method: 'PUT', url: '/api/admin/faq/ordem', headers, payload: { categoria: 'faq' } });
    expectPortugueseError(missing, 400, missingFieldMessage('ids'));
    const notANumber = await t.app.inject({ method: 'GET', url: '/api/admin/imagens?pagina=abc', headers });
    expectPortugueseError(notANumber, 400, 'O campo "pagina" deve ser um número.');
    const wrongType = await t.app.inject({ method: 'PUT', url: '/api/admin/faq/ordem', headers, payload: { categoria: 'faq', ids: 'x' } });
    expectPortugueseError(wrongType, 400, 'O campo "ids" deve ser uma lista.');
    for (const res of [missing, notANumber, wrongType]) expect(res.body).not.toMatch(/undefined|NaN/);
  });

  it('answers a repeated or over-long e-mail on the password reset request with 400, as the document says', async () => {
    expectPortugueseError(await t.app.inject({ method: 'GET', url: '/api/auth/recuperar-senha?email=a@b.com&email=c@d.com' }), 400);
    expectPortugueseError(await t.app.inject({ method: 'GET', url: `/api/auth/recuperar-senha?email=${'a'.repeat(250)}@b.com` }), 400);
    // Any e-mail-sized value keeps the neutral answer, whether or not it is an account or an e-mail.
    for (const email of ['ninguem@teste.legiao.dev', 'nao-e-email']) {
      expect((await t.app.inject({ method: 'GET', url: `/api/auth/recuperar-senha?email=${email}` })).statusCode).toBe(200);
    }
  });

  it('duplicates one benefit several times at once without a 500 (two copies picked the same key)', async () => {
    const admin = await createUser(t.prisma);
    await t.prisma.usuario.update({ where: { id: admin.usuario.id }, data: { admin: true } });
    const headers = bearer(await login(t.app, admin.email));
    const source = await t.prisma.beneficio.create({
      data: { chave: `fuzz-${Date.now().toString(36)}`, nome: 'Duplicado ao mesmo tempo', tipo: 'baseGeral', urlImagem: '/beneficios/cupom-10.svg', valor: 1, textoLegal: 'Termos.' },
    });
    const answers = await Promise.all(Array.from({ length: 4 }, () => t.app.inject({ method: 'POST', url: `/api/admin/beneficios/${source.id}/duplicar`, headers })));
    expect(answers.map((r) => r.statusCode)).toEqual([201, 201, 201, 201]);
    expect(new Set(answers.map((r) => r.json().form.chave)).size).toBe(4);
  });

  it('turns a unique-constraint race no service expected into a 409 in Portuguese, not a 500', async () => {
    const { default: Fastify } = await import('fastify');
    const { registerErrorHandler } = await import('../src/errors/error-handler.js');
    const app = Fastify();
    registerErrorHandler(app);
    app.get('/prisma', async () => {
      throw Object.assign(new Error('Unique constraint failed on the constraint: `beneficio_chave_key`'), { name: 'PrismaClientKnownRequestError', code: 'P2002' });
    });
    app.get('/pg', async () => {
      throw Object.assign(new Error('duplicate key value violates unique constraint "x"'), { code: '23505', constraint: 'x' });
    });
    for (const url of ['/prisma', '/pg']) expectPortugueseError(await app.inject({ method: 'GET', url }), 409, REQUEST_MSG.alteracaoSimultanea);
    await app.close();
  });

  it('answers CONNECT with 405 in the error format (Node dropped the connection without an answer)', async () => {
    const server = await buildTestApp();
    try {
      await server.app.listen({ port: 0, host: '127.0.0.1' });
      const port = (server.app.server.address() as { port: number }).port;
      const answer = await new Promise<string>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () => socket.write('CONNECT 127.0.0.1:80 HTTP/1.1\r\nHost: 127.0.0.1:80\r\n\r\n'));
        let data = '';
        socket.on('data', (c) => (data += c));
        socket.on('close', () => resolve(data));
        socket.on('error', reject);
      });
      expect(answer).toMatch(/^HTTP\/1\.1 405 /);
      expect(answer).toMatch(/content-type: application\/json/i);
      expect(errorResponseSchema.parse(JSON.parse(answer.split('\r\n\r\n')[1]!)).errors[0]!.message).toBe(REQUEST_MSG.metodoNaoPermitido);
    } finally {
      await server.close();
    }
  });
});
