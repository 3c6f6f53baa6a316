import { INTEGRATION_SCOPES } from '@legiao/contracts/integracao/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { errorResponseSchema, INT4_MAX } from '@legiao/contracts';
import { buildTestApp, type TestApp } from './support/app.js';
import { createMember } from './produto-fixtures.js';
import { createApiClient } from './support/integration-client.js';

// Issue 14, "done when": a small contract fuzzer over the server's own OpenAPI document. For every
// operation, each string field (query, path, body) gets a NUL byte and each integer field a value
// past int4, one field at a time, with an administrator's token. Every answer must be a 4xx in the one
// error format, with Portuguese messages: no 5xx, no English, no empty body, no 2xx.

type Json = Record<string, any>;
let t: TestApp;
let doc: Json;
let headers: Record<string, string>;
/** The integration API's calls take a machine key, not a session (ADR 0041): one holding every scope. */
let machine: Record<string, string>;
const authFor = (path: string) => (path.startsWith('/api/integracao/') ? machine : headers);

beforeAll(async () => {
  t = await buildTestApp();
  doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  // An administrator, so the operators' routes reach their validation instead of stopping at 403.
  const member = await createMember(t.app, t.prisma);
  await t.prisma.usuario.update({ where: { id: member.usuario.id }, data: { admin: true } });
  headers = member.headers;
  machine = (await createApiClient(t.prisma, [...INTEGRATION_SCOPES], { perMinute: 100_000 })).headers;
});
afterAll(() => t.close());

const SAMPLE_PATH: Record<string, string> = { id: '1', cep: '01310100' };

/** The first concrete type of a schema (OpenAPI 3.0: `type`, or the first branch of anyOf/oneOf). */
const typeOf = (s: Json | undefined): string | undefined => s?.type ?? s?.anyOf?.[0]?.type ?? s?.oneOf?.[0]?.type;
const badValue = (type: string | undefined) => (type === 'string' ? 'x\u0000y' : type === 'integer' ? INT4_MAX + 1 : undefined);

interface Case {
  label: string;
  method: string;
  url: string;
  payload?: Json;
}

function cases(): Case[] {
  const out: Case[] = [];
  for (const [path, ops] of Object.entries(doc.paths as Json)) {
    for (const [method, op] of Object.entries(ops as Json)) {
      if (path === '/api/fila/ws') continue; // a WebSocket; its HTTP answer is tested in request-hardening
      const params: Json[] = op.parameters ?? [];
      const basePath = path.replace(/\{(\w+)\}/g, (_, name: string) => SAMPLE_PATH[name] ?? '1');
      const urlWith = (p: string, query: URLSearchParams) => `${p}${query.size ? `?${query}` : ''}`;
      for (const param of params) {
        const bad = badValue(typeOf(param.schema));
        if (bad === undefined) continue;
        if (param.in === 'query') {
          out.push({ label: `${method} ${path} ?${param.name}`, method, url: urlWith(basePath, new URLSearchParams({ [param.name]: String(bad) })) });
        } else if (param.in === 'path') {
          out.push({ label: `${method} ${path} {${param.name}}`, method, url: path.replace(/\{(\w+)\}/g, (_, name: string) => (name === param.name ? encodeURIComponent(String(bad)) : SAMPLE_PATH[name] ?? '1')) });
        }
      }
      const body: Json | undefined = op.requestBody?.content?.['application/json']?.schema;
      for (const [name, schema] of Object.entries((body?.properties ?? {}) as Json)) {
        const bad = badValue(typeOf(schema));
        if (bad === undefined) continue;
        out.push({ label: `${method} ${path} body.${name}`, method, url: basePath, payload: { [name]: bad } });
      }
    }
  }
  return out;
}

function expectRefusal(label: string, res: LightMyRequestResponse) {
  // Every request holds one invalid field, so only validation may answer (not a 401/403/404).
  expect(res.statusCode, `${label}: ${res.body}`).toBe(400);
  expect(res.statusCode, `${label}: ${res.body}`).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, `${label}: ${res.body}`).toBeLessThan(500);
  expect(res.headers['content-type'], label).toMatch(/application\/json/);
  const body = errorResponseSchema.safeParse(res.json());
  expect(body.success, `${label}: ${res.body}`).toBe(true);
  // English, framework words, and JavaScript's names for values ("undefined", "NaN") in zod's locale.
  for (const e of body.data!.errors) expect(e.message, label).not.toMatch(/\b(expected|invalid input|required|must|is not|Bad Request|received|undefined|NaN)\b/i);
}

/** A value a parameter's schema takes (the path's other parameters must not be the reason for a 400). */
const sampleParam = (param: Json) => (param.schema?.format === 'uuid' ? '00000000-0000-4000-8000-000000000000' : param.schema?.enum?.[0] ?? SAMPLE_PATH[param.name] ?? (typeOf(param.schema) === 'string' ? 'abc' : '1'));

/** Every documented operation but the WebSocket ones, with its path filled with valid samples. */
function operations() {
  const out: Array<{ method: string; path: string; op: Json; url: string }> = [];
  for (const [path, ops] of Object.entries(doc.paths as Json)) {
    if (path.endsWith('/ws')) continue;
    for (const [method, op] of Object.entries(ops as Json)) {
      const params: Json[] = op.parameters ?? [];
      const url = path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(sampleParam(params.find((p) => p.in === 'path' && p.name === name) ?? { name })));
      out.push({ method: method.toUpperCase(), path, op, url });
    }
  }
  return out;
}

// Found by bench/fuzz.mjs after the first round (ADR 0023, "The contract fuzzer").
describe('the contract fuzzer, second round: wire texts, URLs and messages', () => {
  it('refuses an integer parameter not written in decimal digits, and any parameter given twice', async () => {
    let checked = 0;
    for (const { method, path, op, url } of operations()) {
      for (const param of (op.parameters ?? []) as Json[]) {
        if (param.in !== 'query' && param.in !== 'path') continue;
        const texts = typeOf(param.schema) === 'integer' ? [' 1', '+1', '1e3', '0x10', '1.0'] : [];
        for (const text of texts) {
          const target = param.in === 'query' ? `${url}?${param.name}=${encodeURIComponent(text)}` : path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(name === param.name ? text : sampleParam((op.parameters as Json[]).find((p) => p.in === 'path' && p.name === name) ?? { name })));
          expectRefusal(`${method} ${path} ${param.name}=${JSON.stringify(text)}`, await t.app.inject({ method: method as 'GET', url: target, headers: authFor(path) }));
          checked++;
        }
        if (param.in === 'query') {
          const value = encodeURIComponent(sampleParam(param));
          expectRefusal(`${method} ${path} ?${param.name} twice`, await t.app.inject({ method: method as 'GET', url: `${url}?${param.name}=${value}&${param.name}=${value}`, headers: authFor(path) }));
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(50);
  }, 120_000);

  it('refuses a query whose percent-encoding does not decode to UTF-8, on every operation with a query', async () => {
    for (const { method, path, op, url } of operations()) {
      const query = ((op.parameters ?? []) as Json[]).find((p) => p.in === 'query');
      if (!query) continue;
      for (const bad of ['abc%ZZ', 'abc%', 'abc%ED%A0%80', '%FF']) {
        expectRefusal(`${method} ${path} ?${query.name}=${bad}`, await t.app.inject({ method: method as 'GET', url: `${url}?${query.name}=${bad}`, headers: authFor(path) }));
      }
    }
  }, 120_000);

  it('answers an empty object where fields are required with messages that name them in Portuguese', async () => {
    let checked = 0;
    for (const { method, path, op, url } of operations()) {
      const body: Json | undefined = op.requestBody?.content?.['application/json']?.schema;
      if (!body?.required?.length) continue;
      expectRefusal(`${method} ${path} {}`, await t.app.inject({ method: method as 'POST', url, headers: authFor(path), payload: {} }));
      checked++;
    }
    expect(checked).toBeGreaterThan(20);
  }, 120_000);
});

describe('a contract fuzzer over /api/docs/json', () => {
  it('refuses a NUL byte in any string and an int4 overflow in any integer, in the error format', async () => {
    const all = cases();
    expect(all.length).toBeGreaterThan(50);
    for (const c of all) {
      const res = await t.app.inject({ method: c.method.toUpperCase() as 'GET', url: c.url, headers: authFor(c.url), ...(c.payload ? { payload: c.payload } : {}) });
      expectRefusal(c.label, res);
    }
  }, 120_000);
});
