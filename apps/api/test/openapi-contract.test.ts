import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { INT4_MAX, INT4_MIN, MSG } from '@legiao/contracts';
import { buildTestApp, type TestApp } from './support/app.js';
import { randomCpf } from './support/cpf.js';
import { createMember, createProduct } from './produto-fixtures.js';
import { uniqueEmail } from './support/factories.js';

// Issue 14 item 4: the OpenAPI document (/api/docs/json) and the server agree. Real answers are
// validated against the document's response schemas with an independent validator (ajv), and
// input the document declares invalid is never answered 2xx.

type Json = Record<string, any>;
let t: TestApp;
let doc: Json;

beforeAll(async () => {
  t = await buildTestApp();
  doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
});
afterAll(() => t.close());

/** OpenAPI 3.0's schema dialect to JSON Schema draft 7 (ajv): exclusive bounds are booleans there. */
function toDraft7(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(toDraft7);
  if (!node || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [k, v] of Object.entries(node as Json)) out[k] = k === 'properties' ? Object.fromEntries(Object.entries(v as Json).map(([n, s]) => [n, toDraft7(s)])) : toDraft7(v);
  if (out.exclusiveMinimum === true) [out.exclusiveMinimum, out.minimum] = [out.minimum, undefined];
  if (out.exclusiveMaximum === true) [out.exclusiveMaximum, out.maximum] = [out.maximum, undefined];
  if (out.exclusiveMinimum === false) delete out.exclusiveMinimum;
  if (out.exclusiveMaximum === false) delete out.exclusiveMaximum;
  for (const k of Object.keys(out)) if (out[k] === undefined) delete out[k];
  return out;
}

const ajv = new Ajv({ strict: false, allErrors: true });
addFormats(ajv);
const compiled = new Map<string, ValidateFunction>();

/** The answer's status and content type are documented for its operation, and its body validates. */
function expectDocumented(method: string, path: string, res: LightMyRequestResponse) {
  const op = doc.paths[path]?.[method.toLowerCase()];
  expect(op, `${method} ${path} in the document`).toBeTruthy();
  const response = op.responses[String(res.statusCode)];
  expect(response, `${method} ${path} documents status ${res.statusCode}: ${res.body}`).toBeTruthy();
  const contentType = String(res.headers['content-type']).split(';')[0]!;
  const media = response.content?.[contentType];
  expect(media, `${method} ${path} ${res.statusCode} documents ${contentType} (has ${Object.keys(response.content ?? {})})`).toBeTruthy();
  const key = `${method} ${path} ${res.statusCode} ${contentType}`;
  if (!compiled.has(key)) compiled.set(key, ajv.compile(toDraft7(media.schema) as Json));
  const validate = compiled.get(key)!;
  const body = contentType === 'application/json' ? res.json() : res.body;
  expect(validate(body), `${key}: ${JSON.stringify(validate.errors)} for ${res.body.slice(0, 300)}`).toBe(true);
}

describe('real answers match the document', () => {
  it('public, member and error answers of several routes', async () => {
    const m = await createMember(t.app, t.prisma);
    const product = await createProduct(t.prisma);
    const get = (url: string, headers = {}) => t.app.inject({ method: 'GET', url, headers });
    const checks: Array<[string, string, Promise<LightMyRequestResponse>]> = [
      ['GET', '/api/health', get('/api/health')],
      ['GET', '/api/produto', get('/api/produto?page=1&pageSize=3')],
      ['GET', '/api/produto/busca', get('/api/produto/busca?q=copo&pageSize=3')],
      ['GET', '/api/produto/categoria', get('/api/produto/categoria')],
      ['GET', '/api/produto/{id}', get(`/api/produto/${product.id}`)],
      ['GET', '/api/produto/{id}', get('/api/produto/2147483647')],
      ['GET', '/api/produto/{id}', get('/api/produto/abc')],
      ['GET', '/api/cep/{cep}', get('/api/cep/01310100')],
      ['GET', '/api/cep/{cep}', get('/api/cep/123')],
      ['GET', '/api/usuario/valid-cpf', get(`/api/usuario/valid-cpf?cpf=${randomCpf()}`)],
      ['GET', '/api/usuario/valid-cpf', get('/api/usuario/valid-cpf?cpf=123')],
      ['GET', '/api/usuario/valid-email', get(`/api/usuario/valid-email?email=${uniqueEmail()}`)],
      ['GET', '/api/usuario/valid-email', get(`/api/usuario/valid-email?email=${m.email}`)],
      ['GET', '/api/usuario/logged', get('/api/usuario/logged', m.headers)],
      ['GET', '/api/usuario/logged', get('/api/usuario/logged')],
      ['GET', '/api/produto/cliente', get('/api/produto/cliente', m.headers)],
      ['GET', '/api/usuario/extrato', get('/api/usuario/extrato', m.headers)],
      ['GET', '/api/beneficio', get('/api/beneficio', m.headers)],
      ['GET', '/api/conquista', get('/api/conquista', m.headers)],
      ['GET', '/api/pesquisa', get('/api/pesquisa', m.headers)],
      ['GET', '/api/faq', get('/api/faq')],
      ['GET', '/api/fila/ws', get('/api/fila/ws')],
      ['POST', '/api/auth/login', t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: m.email, senha: 'Errada@123' } })],
      ['POST', '/api/auth/login', t.app.inject({ method: 'POST', url: '/api/auth/login', payload: {} })],
      ['PUT', '/api/usuario', t.app.inject({ method: 'PUT', url: '/api/usuario', headers: m.headers, payload: { nome: 'Maria Souza', celular: '11987654321', cpf: null } })],
      ['POST', '/api/produto/cliente', t.app.inject({ method: 'POST', url: '/api/produto/cliente', headers: m.headers, payload: { idProduto: product.id, localCompra: 'Amazon', localCompraOutro: null } })],
    ];
    for (const [method, path, res] of checks) expectDocumented(method, path, await res);
  });

  it('GET /api/usuario/valid-cpf is documented as the plain text it answers, with its two values', async () => {
    const media = doc.paths['/api/usuario/valid-cpf'].get.responses['200'].content;
    expect(Object.keys(media)).toEqual(['text/plain']);
    expect(media['text/plain'].schema.enum.sort()).toEqual([MSG.cpfExiste, MSG.cpfLivre].sort());
  });
});

describe('the document describes what the server accepts', () => {
  const bodyProps = (path: string, method: string): Json => doc.paths[path][method].requestBody.content['application/json'].schema.properties;
  const allowsNull = (s: Json): boolean => s.nullable === true || (Array.isArray(s.anyOf) && s.anyOf.some((x: Json) => x.type === 'null' || x.nullable === true));

  it('fields where the server takes null as "not sent" are documented nullable', () => {
    expect(allowsNull(bodyProps('/api/usuario', 'put').cpf)).toBe(true);
    expect(allowsNull(bodyProps('/api/produto/cliente', 'put').localCompraOutro)).toBe(true);
    expect(allowsNull(bodyProps('/api/produto/cliente', 'post').localCompraOutro)).toBe(true);
  });

  it('a number as text where the document says integer is refused in a JSON body', async () => {
    const m = await createMember(t.app, t.prisma);
    const product = await createProduct(t.prisma);
    expect(bodyProps('/api/produto/cliente', 'post').idProduto.type).toBe('integer');
    for (const method of ['POST', 'PUT'] as const) {
      const res = await t.app.inject({ method, url: '/api/produto/cliente', headers: m.headers, payload: { idProduto: String(product.id), localCompra: 'Amazon' } });
      expect(res.statusCode, res.body).toBe(400);
    }
    const redemption = await t.app.inject({ method: 'POST', url: '/api/beneficio/resgate', headers: m.headers, payload: { idBeneficio: '1' } });
    expect(redemption.statusCode, redemption.body).toBe(400);
  });

  it('every integer a request may carry is bounded to a PostgreSQL integer (int4)', () => {
    const unbounded: string[] = [];
    const walk = (node: unknown, where: string) => {
      if (Array.isArray(node)) return node.forEach((n, i) => walk(n, `${where}[${i}]`));
      if (!node || typeof node !== 'object') return;
      const s = node as Json;
      if (s.type === 'integer' && !(typeof s.minimum === 'number' && s.minimum >= INT4_MIN && typeof s.maximum === 'number' && s.maximum <= INT4_MAX)) unbounded.push(where);
      for (const [k, v] of Object.entries(s)) walk(v, `${where}.${k}`);
    };
    for (const [path, ops] of Object.entries(doc.paths as Json)) {
      for (const [method, op] of Object.entries(ops as Json)) {
        walk(op.parameters, `${method.toUpperCase()} ${path} parameters`);
        walk(op.requestBody, `${method.toUpperCase()} ${path} body`);
      }
    }
    expect(unbounded).toEqual([]);
  });
});
