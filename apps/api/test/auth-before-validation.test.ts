import { INTEGRATION_SCOPES } from '@legiao/contracts/integracao/constants';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { errorResponseSchema, STAFF_ROLES } from '@legiao/contracts';
import { buildTestApp, TEST_JWT_SECRET, type TestApp } from './support/app.js';
import { toDraft7 } from './support/openapi-draft7.mjs';
import { bearer, createUser, login } from './support/factories.js';
import { signJwt } from './support/jwt.js';
import { createApiClient } from './support/integration-client.js';
import { authPlugin } from '../src/plugins/auth.js';
import { permissionsPlugin } from '../src/features/admin/permissions.js';

// Issue 23 §4.1 (docs/decisions/0039-security-review-findings.md): every secured call authenticates
// and authorises before it reads its input, so nobody without access can probe an admin call's
// schema. Walks every operation of the OpenAPI document: each secured one gets a request the
// document itself calls invalid (checked with ajv), which must be 401 without a live session and,
// for the back office, 403 for a member, a lead and a colaborador; an allowed caller gets 400 for
// the same request, which shows that the refusal came first and not from the input.
// The store integration's operations (security `chaveIntegracao`, docs/decisions/0041) take a
// machine key instead of a session: for them a member's or staff session is 401 too, and the
// allowed caller is a key with every scope; and a key is 401 on every other secured operation.

type Json = Record<string, any>;
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Staff-only operations outside /api/admin (the `admin` flag, app.requireAdmin). Everything under
 * /api/admin is staff-only too, but for the one exception below.
 */
const STAFF_ONLY_OUTSIDE_ADMIN = ['POST /api/beneficio/cupom/uso'];

/** Operations walked differently, each with its reason: nothing is left out silently. */
const EXCEPTIONS: Record<string, string> = {
  // A browser can't set Authorization on a WebSocket and a token in the URL would land in access
  // logs: the socket's first message carries the token; a bad one closes it (NAO_AUTENTICADO /
  // SEM_PERMISSAO, test/admin-fila.test.ts). A plain GET is 426 to anyone and reads no input.
  'GET /api/admin/fila/ws': 'autentica na primeira mensagem do WebSocket',
};

/**
 * Routes that verify only the token's signature before validating; the session is checked by the
 * route's own statement after validation (ADR 0020: one round trip per redemption). A token of an
 * ended session with an invalid body gets 400: it was ours and signed, and the schema it learns is
 * the public document's. With a valid body it is 401 (test/beneficio-resgate-rapido.test.ts).
 */
const TOKEN_ONLY = ['POST /api/beneficio/resgate'];

/** Answers this app serves outside the document, each with its reason (checked against the routes). */
const NOT_IN_DOCUMENT: Record<string, string> = {
  'GET /api/metrics': 'Prometheus: METRICS_TOKEN como Bearer ou sessão de administrador (testado abaixo)',
  'GET /api/dev/emails': 'caixa de desenvolvimento: só sem SMTP, fora de produção e para esta máquina (issue 23 §2)',
  'GET /imagens/:arquivo': 'imagens públicas do site, fora de /api',
};

/** Multipart uploads: no JSON body in the document; they get a broken multipart body. */
const MULTIPART = ['POST /api/admin/imagens', 'POST /api/admin/importacoes', 'POST /api/admin/cupons/beneficios/{id}/importacoes'];

let t: TestApp;
let doc: Json;
/** A member, a lead, a colaborador (none of them staff), staff with every role and the admin flag, and a logged-out session. */
let sessions: { member: Headers; lead: Headers; staffMember: Headers; everything: Headers; ended: Headers };
/** A store integration's key with every scope (the allowed caller of the machine operations). */
let machineKey: Headers;
/** The three kinds of account that are not staff, by the name a failure shows. */
const NOT_STAFF = [['membro', 'member'], ['lead', 'lead'], ['colaborador', 'staffMember']] as const;
type Headers = { authorization: string };

async function account(kind: 'legionario' | 'lead' | 'colaborador', opts: { roles?: boolean } = {}): Promise<Headers> {
  const { usuario: user, email } = await createUser(t.prisma);
  await t.prisma.usuario.update({ where: { id: user.id }, data: { tipo: kind, admin: opts.roles === true } });
  if (opts.roles) await t.prisma.staffRole.createMany({ data: STAFF_ROLES.map((role) => ({ usuarioId: user.id, role })), skipDuplicates: true });
  return bearer(await login(t.app, email));
}

beforeAll(async () => {
  t = await buildTestApp();
  doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  const [member, lead, staffMember, everything, ended] = await Promise.all([account('legionario'), account('lead'), account('colaborador'), account('legionario', { roles: true }), account('legionario')]);
  const logout = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: ended });
  expect(logout.statusCode, logout.body).toBe(200);
  sessions = { member, lead, staffMember, everything, ended };
  machineKey = (await createApiClient(t.prisma, [...INTEGRATION_SCOPES], { perMinute: 100_000 })).headers;
});
afterAll(() => t.close());

interface Operation {
  key: string;
  method: Method;
  path: string;
  op: Json;
}

const operations = (): Operation[] =>
  Object.entries(doc.paths as Json).flatMap(([path, ops]) =>
    Object.entries(ops as Json).map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, method: method.toUpperCase() as Method, path, op: op as Json })),
  );
const isSecured = (o: Operation) => Array.isArray(o.op.security) && o.op.security.length > 0;
/** The store integration's calls: a machine key, not a session (docs/decisions/0041-store-integration.md). */
const isMachine = (o: Operation) => isSecured(o) && (o.op.security as Json[]).every((req) => 'chaveIntegracao' in req);
const isStaffOnly = (o: Operation) => (o.path.startsWith('/api/admin/') || STAFF_ONLY_OUTSIDE_ADMIN.includes(o.key)) && !(o.key in EXCEPTIONS);

// Parameters arrive as text; the validator reads numbers from it, so ajv coerces as it would.
const paramAjv = new Ajv({ strict: false, coerceTypes: true });
const bodyAjv = new Ajv({ strict: false, allErrors: true });
addFormats(paramAjv);
addFormats(bodyAjv);
const compiled = new Map<string, ValidateFunction>();
const validator = (ajv: Ajv, key: string, schema: Json) => {
  if (!compiled.has(key)) compiled.set(key, ajv.compile(toDraft7(schema) as Json));
  return compiled.get(key)!;
};

/** Texts that most parameter schemas refuse: not a number, not in an enum, not a date, not a UUID, too short, too long. */
const BAD_TEXTS = ['lixo!', '-1', 'x', '0', 'y'.repeat(90)];

/** A parameter value the document refuses (`undefined`: it can't be made invalid, e.g. free text). */
function badParam(key: string, schema: Json): string | undefined {
  for (const text of BAD_TEXTS) {
    const value = { v: text };
    if (!validator(paramAjv, key, { type: 'object', properties: { v: schema } })(value)) return text;
  }
  return undefined;
}

interface InvalidRequest {
  url: string;
  headers: Record<string, string>;
  payload?: string;
  /** The parts the document refuses (empty: the operation reads nothing that can be invalid). */
  invalid: string[];
}

/** The operation with every input the document declares set to something it refuses. */
function invalidRequest(o: Operation): InvalidRequest {
  const invalid: string[] = [];
  const headers: Record<string, string> = {};
  const query = new URLSearchParams({ '%lixo': '{"a":' });
  let url = o.path;
  for (const p of (o.op.parameters ?? []) as Json[]) {
    const bad = badParam(`${o.key} ${p.in} ${p.name}`, p.schema);
    if (bad !== undefined) invalid.push(`${p.in}:${p.name}`);
    else if (p.required && p.in === 'query') {
      invalid.push(`${p.in}:${p.name} (ausente)`);
      continue;
    }
    const value = bad ?? 'lixo';
    if (p.in === 'path') url = url.replace(`{${p.name}}`, encodeURIComponent(value));
    else if (p.in === 'query') query.set(p.name, value);
    else if (p.in === 'header') headers[p.name] = value;
  }
  let payload: string | undefined;
  const json = o.op.requestBody?.content?.['application/json']?.schema as Json | undefined;
  if (MULTIPART.includes(o.key)) {
    headers['content-type'] = 'multipart/form-data; boundary=----lixo';
    payload = '------lixo\r\nContent-Disposition: form-data; name="arquivo"\r\n\r\nsem fim';
    invalid.push('body (multipart quebrado)');
  } else if (o.op.requestBody?.content?.['message/rfc822']) {
    // A raw message (the mail relay's bounces): an empty one is no message.
    headers['content-type'] = 'message/rfc822';
    payload = '';
    invalid.push('body (mensagem vazia)');
  } else if (json) {
    // `{}` lacks the required fields; a body whose fields are all optional gets an array instead.
    const body = validator(bodyAjv, `${o.key} body`, json)({}) ? [] : {};
    if (validator(bodyAjv, `${o.key} body`, json)(body)) throw new Error(`${o.key}: nenhum corpo inválido encontrado`);
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
    invalid.push('body');
  } else if (o.method !== 'GET' && o.method !== 'DELETE') {
    // No body in the document: a JSON one that doesn't parse must not be read before the guard.
    headers['content-type'] = 'application/json';
    payload = '{"lixo":';
  }
  return { url: `${url}?${query}`, headers, payload, invalid };
}

const send = (o: Operation, r: InvalidRequest, auth: Partial<Headers> = {}) => t.app.inject({ method: o.method, url: r.url, headers: { ...r.headers, ...auth }, payload: r.payload });

/** '' when the answer is `status` in the one error format with a code, else what was wrong. */
function problem(res: LightMyRequestResponse, status: number): string {
  if (res.statusCode !== status) return `${res.statusCode} ${res.body.slice(0, 160)}`;
  const parsed = errorResponseSchema.safeParse((() => {
    try {
      return res.json();
    } catch {
      return null;
    }
  })());
  if (!parsed.success || !parsed.data.errors[0]?.code) return `formato: ${res.body.slice(0, 160)}`;
  return '';
}

describe('every secured operation of the OpenAPI document refuses before it validates', () => {
  it('the document is walked whole: secured operations found, exceptions and the multipart list still exist', () => {
    const all = operations();
    const keys = all.map((o) => o.key);
    expect(all.filter(isSecured).length).toBeGreaterThan(100);
    for (const key of [...Object.keys(EXCEPTIONS), ...STAFF_ONLY_OUTSIDE_ADMIN, ...TOKEN_ONLY, ...MULTIPART]) expect(keys, key).toContain(key);
    // Everything under /api/admin is secured, but for the listed exceptions.
    expect(all.filter((o) => o.path.startsWith('/api/admin/') && !isSecured(o) && !(o.key in EXCEPTIONS)).map((o) => o.key)).toEqual([]);
  });

  it('an invalid request to an operation that reads input is refused by the document (ajv)', () => {
    // Only operations that read nothing (no parameters, no body) may have nothing invalid to send.
    const reads = (o: Operation) => (o.op.parameters ?? []).length > 0 || o.op.requestBody || MULTIPART.includes(o.key);
    const none = operations()
      .filter(isSecured)
      .filter((o) => reads(o) && invalidRequest(o).invalid.length === 0)
      .map((o) => o.key);
    expect(none).toEqual([]);
  });

  it('without a session, with a forged token or with a token whose session ended: 401 in the error format', async () => {
    const forged = { authorization: `Bearer ${signJwt({ sub: '00000000-0000-4000-8000-000000000000', sid: '00000000-0000-4000-8000-000000000000' }, `${TEST_JWT_SECRET}-outro`)}` };
    const failures: string[] = [];
    for (const o of operations().filter(isSecured)) {
      if (o.key in EXCEPTIONS) continue;
      const r = invalidRequest(o);
      const callers: Array<[string, Partial<Headers>]> = [
        ['anônimo', {}],
        ['token forjado', forged],
        ['Bearer vazio', { authorization: 'Bearer ' }],
      ];
      if (!TOKEN_ONLY.includes(o.key)) callers.push(['sessão encerrada', sessions.ended]);
      // A session is no key, and a key is no session.
      if (isMachine(o)) callers.push(['sessão de membro', sessions.member], ['sessão de admin', sessions.everything]);
      else callers.push(['chave de integração', machineKey]);
      for (const [who, auth] of callers) {
        const p = problem(await send(o, r, auth), 401);
        if (p) failures.push(`${o.key} (${who}): ${p}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('back-office operations: 403 in the error format for a member, a lead and a colaborador', async () => {
    const staffOnly = operations().filter(isSecured).filter(isStaffOnly);
    expect(staffOnly.length).toBeGreaterThan(75);
    const failures: string[] = [];
    for (const o of staffOnly) {
      const r = invalidRequest(o);
      for (const [who, key] of NOT_STAFF) {
        const p = problem(await send(o, r, sessions[key]), 403);
        if (p) failures.push(`${o.key} (${who}): ${p}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('the same invalid requests from a caller who may make them: 400 (the refusals above came first)', async () => {
    const failures: string[] = [];
    for (const o of operations().filter(isSecured)) {
      if (o.key in EXCEPTIONS) continue;
      const r = invalidRequest(o);
      if (r.invalid.length === 0) continue; // reads no input: the call would run
      const res = await send(o, r, isMachine(o) ? machineKey : sessions.everything);
      if (res.statusCode !== 400) failures.push(`${o.key}: ${res.statusCode} ${res.body.slice(0, 160)}`);
    }
    expect(failures).toEqual([]);
  });
});

describe('the routes the app has are the ones walked', () => {
  const opKey = (method: string, url: string) => `${method} ${url.replace(/:(\w+)/g, '{$1}')}`;
  const routes = () => t.app.routeGuards.filter((r) => r.method !== 'HEAD');

  it('every route is in the document, or listed with its reason; a guarded one is documented as secured', () => {
    const documented = new Map(operations().map((o) => [o.key, o]));
    const missing = routes()
      .filter((r) => !documented.has(opKey(r.method, r.url)))
      .map((r) => `${r.method} ${r.url}`);
    // The dev inbox exists only without SMTP (these tests have one); every other route must be here.
    expect(missing.filter((key) => !(key in NOT_IN_DOCUMENT))).toEqual([]);
    expect(missing).toContain('GET /api/metrics');
    const notSecured = routes()
      .filter((r) => r.guard && !isSecured(documented.get(opKey(r.method, r.url))!))
      .map((r) => `${r.method} ${r.url}`);
    expect(notSecured).toEqual([]);
  });

  it('the staff-only and token-only lists match the guards the routes run', () => {
    const staffGuard = (g: string | null) => g === 'requireAdmin' || g === 'requireStaff' || g?.startsWith('permission:') === true;
    const byGuard = routes().filter((r) => staffGuard(r.guard)).map((r) => opKey(r.method, r.url));
    const byList = operations().filter(isSecured).filter(isStaffOnly).map((o) => o.key);
    expect(byGuard.sort()).toEqual(byList.sort());
    expect(routes().filter((r) => r.guard === 'verifyToken').map((r) => opKey(r.method, r.url))).toEqual(TOKEN_ONLY);
    // The machine key's guard runs exactly on the operations documented with its security scheme, all under /api/integracao/v1/.
    const byClientGuard = routes().filter((r) => r.guard === 'client' || r.guard?.startsWith('client:') === true).map((r) => opKey(r.method, r.url));
    const machineOps = operations().filter(isMachine).map((o) => o.key);
    expect(machineOps.length).toBeGreaterThanOrEqual(2);
    expect(byClientGuard.sort()).toEqual(machineOps.sort());
    expect(machineOps.filter((key) => !key.includes(' /api/integracao/v1/'))).toEqual([]);
  });
});

describe('the boot check: a guard that would run after validation stops the server from starting', () => {
  async function bootWith(define: (app: FastifyInstance) => void) {
    const app = Fastify();
    app.decorate('ctx', { config: { jwtSecret: TEST_JWT_SECRET }, prisma: t.prisma } as never);
    await app.register(authPlugin);
    await app.register(permissionsPlugin);
    try {
      await app.register(async (api) => define(api));
      await app.ready();
      return 'iniciou';
    } catch (err) {
      return (err as Error).message;
    } finally {
      await app.close();
    }
  }
  const secured = { security: [{ bearer: [] }] };
  const ok = async () => 'ok';

  it('refuses a guard in preHandler or preValidation, security without a guard, a guard the document hides, a guard after another hook', async () => {
    expect(await bootWith((api) => api.get('/a', { preHandler: api.requirePermission('dashboard.read'), schema: secured }, ok))).toMatch(/preHandler.*onRequest/);
    expect(await bootWith((api) => api.post('/b', { preValidation: [api.authenticate], schema: secured }, ok))).toMatch(/preValidation/);
    expect(await bootWith((api) => api.post('/c', { onRequest: [api.authenticate], preHandler: [api.requireStaff], schema: secured }, ok))).toMatch(/preHandler/);
    expect(await bootWith((api) => api.get('/d', { schema: secured }, ok))).toMatch(/não autentica no onRequest/);
    expect(await bootWith((api) => api.get('/e', { onRequest: [api.requireAdmin] }, ok))).toMatch(/não declara security/);
    expect(await bootWith((api) => api.get('/f', { onRequest: [async () => {}, api.authenticate], schema: secured }, ok))).toMatch(/primeiro hook onRequest/);
  });

  it('starts with the guard first in onRequest, and with public routes', async () => {
    expect(await bootWith((api) => {
      api.get('/a', { onRequest: [api.requirePermission('dashboard.read')], schema: secured }, ok);
      api.post('/b', { onRequest: api.verifyToken, schema: secured }, ok);
      api.get('/c', ok);
      api.get('/d', { onRequest: [api.requireAdmin], schema: { hide: true } }, ok);
    })).toBe('iniciou');
  });
});

describe('operations outside the walk, each for its reason', () => {
  it('GET /api/metrics (hidden from the document): 401 anonymous, 403 for a member, a lead and a colaborador', async () => {
    const url = '/api/metrics?lixo=%7B';
    expect(problem(await t.app.inject({ method: 'GET', url }), 401)).toBe('');
    for (const [who, key] of NOT_STAFF) expect(problem(await t.app.inject({ method: 'GET', url, headers: sessions[key] }), 403), who).toBe('');
    expect((await t.app.inject({ method: 'GET', url, headers: sessions.everything })).statusCode).toBe(200);
  });

  it('GET /api/admin/fila/ws without the WebSocket handshake: 426 to anyone, nothing read', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/fila/ws?x=1' })).statusCode).toBe(426);
  });
});
