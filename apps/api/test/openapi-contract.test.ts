import { randomUUID } from 'node:crypto';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { INT4_MAX, INT4_MIN, MSG } from '@legiao/contracts';
import { buildTestApp, type TestApp } from './support/app.js';
import { randomCpf } from './support/cpf.js';
import { toDraft7 } from './support/openapi-draft7.mjs';
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

// Found by the contract fuzzer (bench/fuzz.mjs; ADR 0023, "The contract fuzzer").
describe('the document admits every request the server accepts', () => {
  /** The request schema of an operation's body, as ajv reads it. */
  const bodyValidator = (path: string, method: string) => ajv.compile(toDraft7(doc.paths[path][method].requestBody.content['application/json'].schema) as Json);

  it('every request field has a type (a pipe through z.unknown() was documented as {}, any value)', () => {
    const untyped: string[] = [];
    const walk = (s: Json | undefined, where: string) => {
      if (!s || typeof s !== 'object') return;
      if (Object.keys(s).every((k) => k === 'description' || k === 'default')) untyped.push(where);
      for (const [k, v] of Object.entries((s.properties ?? {}) as Json)) walk(v, `${where}.${k}`);
      if (s.items) walk(s.items, `${where}[]`);
      for (const branch of [...(s.anyOf ?? []), ...(s.oneOf ?? [])]) walk(branch, `${where}|`);
    };
    for (const [path, ops] of Object.entries(doc.paths as Json)) {
      for (const [method, op] of Object.entries(ops as Json)) {
        for (const p of (op.parameters ?? []) as Json[]) walk(p.schema, `${method.toUpperCase()} ${path} ${p.in}:${p.name}`);
        walk(op.requestBody?.content?.['application/json']?.schema, `${method.toUpperCase()} ${path} body`);
      }
    }
    expect(untyped).toEqual([]);
  });

  it('a body the route can go without is documented as not required (and nullable); the others refuse no body', async () => {
    const staff = await createMember(t.app, t.prisma);
    await t.prisma.usuario.update({ where: { id: staff.usuario.id }, data: { admin: true } });
    const optional: string[] = [];
    for (const [path, ops] of Object.entries(doc.paths as Json)) {
      for (const [method, op] of Object.entries(ops as Json)) {
        const body = op.requestBody;
        const schema = body?.content?.['application/json']?.schema;
        if (!schema) continue;
        if (body.required === false) {
          expect(schema.nullable, `${method} ${path}`).toBe(true);
          optional.push(`${method.toUpperCase()} ${path}`);
        } else if (schema.type === 'object' && !schema.required?.length) {
          // No field is required, yet the body is: a rule across fields (at least one of them) refuses {}.
          const url = path.replace(/\{(\w+)\}/g, '00000000-0000-4000-8000-000000000000');
          const res = await t.app.inject({ method: method.toUpperCase() as 'POST', url, headers: staff.headers });
          expect(res.statusCode, `${method} ${path} without a body: ${res.body}`).toBe(400);
        }
      }
    }
    expect(optional).toEqual(expect.arrayContaining(['DELETE /api/usuario', 'POST /api/admin/membros/{id}/link-login']));
    const m = await createMember(t.app, t.prisma);
    // A JSON null is "no body" too: it reaches the route's own rule (a password to confirm), not the validator.
    const del = await t.app.inject({ method: 'DELETE', url: '/api/usuario', headers: { ...m.headers, 'content-type': 'application/json' }, payload: 'null' });
    expect(del.json().errors?.[0]?.code, del.body).toBe('SENHA_OBRIGATORIA');
  });

  it('blank and absent optional fields, and text with blanks around it, validate where the server takes them', async () => {
    const staff = await createMember(t.app, t.prisma);
    await t.prisma.usuario.update({ where: { id: staff.usuario.id }, data: { admin: true } });
    const tag = randomUUID().slice(0, 8);
    // A trimmed pattern (the SKU) with a line break after it; blank optional pictures; a name of 200
    // characters once trimmed, with blanks around it (a trimmed field's limit is on the trimmed text).
    const product = { sku: `FZ-${tag}\n`, nome: `  ${'N'.repeat(200)}  `, categoria: 'Bar', subcategoria: 'Copos', img: '/produtos/sem-imagem.svg', imgAlternativa: '   ', imagem3: '', descricaoDetalhe: 'Copo.' };
    const created = await t.app.inject({ method: 'POST', url: '/api/admin/catalogo', headers: staff.headers, payload: product });
    expect(created.statusCode, created.body).toBe(201);
    const validProduct = bodyValidator('/api/admin/catalogo', 'post');
    expect(validProduct(product), JSON.stringify(validProduct.errors)).toBe(true);
    // "Empty text is not set": '' for a URL and a date, an optional field left out entirely.
    const benefit = { chave: `fuzz-${tag}`, nome: 'Benefício', tipo: 'baseGeral', urlImagem: '/beneficios/cupom-10.svg', valor: 1, textoLegal: 'Termos.', urlBeneficio: '', inicio: '', fim: null, evento: false, dataEvento: null, opcoes: [], publico: ['legionario'], cidades: [], limitePorMembro: 1, modoCupom: 'gerado', prefixoCupom: '', estoque: '', ordem: 1, experiencia: '', ativo: false };
    const saved = await t.app.inject({ method: 'POST', url: '/api/admin/beneficios', headers: staff.headers, payload: benefit });
    expect(saved.statusCode, saved.body).toBe(201);
    const validBenefit = bodyValidator('/api/admin/beneficios', 'post');
    expect(validBenefit(benefit), JSON.stringify(validBenefit.errors)).toBe(true);
    // What the server still refuses stays refused by the document.
    for (const bad of [{ ...product, sku: 'com espaço' }, { ...product, imgAlternativa: 'x' }, { ...product, nome: 'N'.repeat(201) }]) expect(validProduct(bad)).toBe(false);
    for (const bad of [{ ...benefit, urlBeneficio: 'http://x' }, { ...benefit, estoque: 'x' }, { ...benefit, chave: undefined }]) expect(validBenefit(bad)).toBe(false);
  });
});
