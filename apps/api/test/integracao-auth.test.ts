import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { MSG } from '@legiao/contracts';
import { INTEGRATION_MSG, INTEGRATION_SCOPES } from '@legiao/contracts/integracao/constants';
import { CONSULTAS_MSG, integrationMeSchema, memberStatusSchema } from '@legiao/contracts/integracao/consultas';
import { KEY_CACHE_TTL_MS } from '../src/features/integracao/client-auth.js';
import { buildTestApp, type TestApp } from './support/app.js';
import { bearer, createUser, expectError, login } from './support/factories.js';
import { createApiClient } from './support/integration-client.js';
import { createStaff } from './support/staff.js';
import { toDraft7 } from './support/openapi-draft7.mjs';

// Machine credentials (issue 24 §1; docs/decisions/0041-store-integration.md): the integration API
// under /api/integracao/v1 takes a key from Integrações and nothing else; a key is refused
// everywhere else; limits are per client, not per address; GET /eu and GET /membros.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const EU = '/api/integracao/v1/eu';
const MEMBERS = '/api/integracao/v1/membros';
const get = (url: string, headers: Record<string, string> = {}, remoteAddress?: string) => t.app.inject({ method: 'GET', url, headers, ...(remoteAddress ? { remoteAddress } : {}) });
const formatCpf = (cpf: string) => `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;
const lookup = (headers: Record<string, string>, query: string) => get(`${MEMBERS}?${query}`, headers);

describe('who may call the integration API', () => {
  it('no header, a malformed key, another scheme, a key with a wrong secret: 401 in Portuguese', async () => {
    const client = await createApiClient(t.prisma, ['membros:ler']);
    for (const url of [EU, `${MEMBERS}?email=a@b.com`]) {
      expectError(await get(url), 401, INTEGRATION_MSG.chaveAusente);
      for (const authorization of ['Bearer ', 'Bearer lgk_live_curta', `Bearer ${client.key}x`, `Basic ${client.key}`, client.key, `Bearer ${client.key.slice(0, -1)}!`]) {
        expectError(await get(url, { authorization }), 401, INTEGRATION_MSG.chaveInvalida);
      }
      // The right public id with another secret: the hash decides.
      const forged = `${client.key.slice(0, 21)}${'A'.repeat(32)}`;
      expectError(await get(url, { authorization: `Bearer ${forged}` }), 401, INTEGRATION_MSG.chaveInvalida);
    }
    expect((await get(EU, client.headers)).statusCode).toBe(200);
  });

  it("a member's or an admin's session token is no key: 401", async () => {
    const { email } = await createUser(t.prisma);
    const member = bearer(await login(t.app, email));
    const admin = await createStaff(t, ['admin', 'integracoes']);
    for (const headers of [member, admin.headers]) {
      expect((await get('/api/usuario/logged', headers)).statusCode).toBe(200);
      expectError(await get(EU, headers), 401, INTEGRATION_MSG.chaveInvalida);
      expectError(await get(`${MEMBERS}?email=${encodeURIComponent(email)}`, headers), 401, INTEGRATION_MSG.chaveInvalida);
    }
  });

  it('a key on member and back-office calls: 401 (it is no session)', async () => {
    const client = await createApiClient(t.prisma, [...INTEGRATION_SCOPES]);
    for (const url of ['/api/usuario/logged', '/api/usuario/extrato', '/api/admin/eu', '/api/admin/integracoes', '/api/beneficio']) {
      expectError(await get(url, client.headers), 401, MSG.naoAutenticado);
    }
    const coupon = await t.app.inject({ method: 'POST', url: '/api/beneficio/cupom/uso', headers: client.headers, payload: { codigos: ['X'] } });
    expectError(coupon, 401);
  });

  it('a revoked key, and every key of a revoked client: 401 at once through the back office, within KEY_CACHE_TTL_MS when another process revoked it', async () => {
    const admin = await createStaff(t, ['integracoes']);
    const client = await createApiClient(t.prisma, ['membros:ler']);
    const other = await createApiClient(t.prisma, ['membros:ler']);
    expect((await get(EU, client.headers)).statusCode).toBe(200);
    expect((await get(EU, other.headers)).statusCode).toBe(200);
    // Through this process's back office: the key cache is forgotten after the commit.
    const keyId = (await t.prisma.chaveIntegracao.findFirstOrThrow({ where: { clienteId: client.id } })).id;
    const revoked = await t.app.inject({ method: 'POST', url: `/api/admin/integracoes/${client.id}/chaves/${keyId}/revogar`, headers: admin.headers });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expectError(await get(EU, client.headers), 401, INTEGRATION_MSG.chaveInvalida);
    const whole = await t.app.inject({ method: 'POST', url: `/api/admin/integracoes/${other.id}/revogar`, headers: admin.headers });
    expect(whole.statusCode, whole.body).toBe(200);
    expectError(await get(EU, other.headers), 401, INTEGRATION_MSG.chaveInvalida);

    // Another process's revocation (straight in the database; the client revoked, its keys left as
    // they were): this process may answer from its cache for at most KEY_CACHE_TTL_MS, then 401.
    const third = await createApiClient(t.prisma, ['membros:ler']);
    expect((await get(EU, third.headers)).statusCode).toBe(200);
    await t.prisma.clienteIntegracao.update({ where: { id: third.id }, data: { revogadoEm: new Date() } });
    await new Promise((r) => setTimeout(r, KEY_CACHE_TTL_MS + 100));
    expectError(await get(EU, third.headers), 401, INTEGRATION_MSG.chaveInvalida);
  });

  it('scopes changed through the back office apply to the next call', async () => {
    const admin = await createStaff(t, ['integracoes']);
    const client = await createApiClient(t.prisma, ['membros:ler', 'pedidos:enviar']);
    expect((await lookup(client.headers, 'email=a@b.com')).statusCode).toBe(200);
    const res = await t.app.inject({ method: 'PATCH', url: `/api/admin/integracoes/${client.id}`, headers: admin.headers, payload: { escopos: ['pedidos:enviar'] } });
    expect(res.statusCode, res.body).toBe(200);
    expectError(await lookup(client.headers, 'email=a@b.com'), 403, INTEGRATION_MSG.escopoAusente);
  });

  it('a rotated key works inside its window and stops after it; the new one works', async () => {
    const admin = await createStaff(t, ['integracoes']);
    const created = await t.app.inject({ method: 'POST', url: '/api/admin/integracoes', headers: admin.headers, payload: { nome: 'Loja em rotação', escopos: ['pedidos:enviar'] } });
    const { cliente: client, chave: old } = created.json();
    const rotated = await t.app.inject({ method: 'POST', url: `/api/admin/integracoes/${client.id}/rotacionar`, headers: admin.headers, payload: { janelaHoras: 1 } });
    expect(rotated.statusCode, rotated.body).toBe(201);
    const fresh = rotated.json().chave as string;
    const oldMe = integrationMeSchema.parse((await get(EU, bearer(old))).json());
    expect(Date.parse(oldMe.chaveExpiraEm!) - Date.now()).toBeGreaterThan(59 * 60_000);
    expect(integrationMeSchema.parse((await get(EU, bearer(fresh))).json()).chaveExpiraEm).toBeNull();
    // The window ends (moved in SQL, as time would; the cache keeps the end it read, so the move is
    // seen as another process's write: within KEY_CACHE_TTL_MS).
    await t.prisma.$executeRaw`UPDATE chave_integracao SET expira_em = now() AT TIME ZONE 'UTC' - interval '1 second' WHERE prefixo = ${old.slice(9, 21)}`;
    await new Promise((r) => setTimeout(r, KEY_CACHE_TTL_MS + 100));
    expectError(await get(EU, bearer(old)), 401, INTEGRATION_MSG.chaveInvalida);
    expect((await get(EU, bearer(fresh))).statusCode).toBe(200);
  });

  it('a scope the client lacks: 403 in Portuguese; /eu needs none', async () => {
    const client = await createApiClient(t.prisma, ['pedidos:enviar']);
    expectError(await lookup(client.headers, 'email=a@b.com'), 403, INTEGRATION_MSG.escopoAusente);
    expect((await get(EU, client.headers)).statusCode).toBe(200);
  });
});

describe('limits per client', () => {
  it('over its limit per minute a client gets 429 with Retry-After, whatever its addresses; another client from the same address goes on', async () => {
    const busy = await createApiClient(t.prisma, ['membros:ler'], { perMinute: 3 });
    const calm = await createApiClient(t.prisma, ['membros:ler'], { perMinute: 3 });
    // Three calls from three addresses: one budget.
    for (const address of ['203.0.113.1', '203.0.113.2', '203.0.113.3']) expect((await get(EU, busy.headers, address)).statusCode).toBe(200);
    const over = await get(`${MEMBERS}?email=a@b.com`, busy.headers, '203.0.113.4');
    expectError(over, 429, INTEGRATION_MSG.muitasChamadas);
    expect(over.json().errors[0].code).toBe('LIMITE_INTEGRACAO');
    const retry = Number(over.headers['retry-after']);
    expect(retry).toBeGreaterThanOrEqual(1);
    expect(retry).toBeLessThanOrEqual(60);
    expectError(await get(EU, busy.headers, '203.0.113.1'), 429);
    // Same address as the busy one: its own budget.
    for (let i = 0; i < 3; i++) expect((await get(EU, calm.headers, '203.0.113.1')).statusCode).toBe(200);
  });
});

describe('last use', () => {
  it('records when and from which address the key and its client were last used', async () => {
    const client = await createApiClient(t.prisma, ['membros:ler']);
    expect((await get(EU, client.headers, '192.0.2.77')).statusCode).toBe(200);
    await expect.poll(async () => (await t.prisma.clienteIntegracao.findUniqueOrThrow({ where: { id: client.id } })).ultimoUsoIp, { timeout: 5000 }).toBe('192.0.2.77');
    const row = await t.prisma.clienteIntegracao.findUniqueOrThrow({ where: { id: client.id }, include: { chaves: true } });
    expect(Date.now() - row.ultimoUsoEm!.getTime()).toBeLessThan(60_000);
    expect(row.chaves[0]!.ultimoUsoEm).not.toBeNull();
  });
});

describe('GET /api/integracao/v1/eu', () => {
  it('names the client, its scopes and limit, and the key by its public part', async () => {
    const client = await createApiClient(t.prisma, ['membros:ler', 'pedidos:enviar'], { nome: 'Loja Centro', perMinute: 90 });
    const res = await get(EU, client.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(integrationMeSchema.parse(res.json())).toEqual({
      clienteId: client.id,
      nome: 'Loja Centro',
      // In their fixed order (INTEGRATION_SCOPES), whatever order they were stored in.
      escopos: ['pedidos:enviar', 'membros:ler'],
      limitePorMinuto: 90,
      chave: `lgk_live_${client.prefix}…`,
      chaveExpiraEm: null,
    });
    expect(res.body).not.toContain(client.key);
  });
});

describe('GET /api/integracao/v1/membros', () => {
  let headers: Record<string, string>;
  beforeAll(async () => {
    headers = (await createApiClient(t.prisma, ['membros:ler'])).headers;
  });
  const status = async (query: string) => {
    const res = await lookup(headers, query);
    expect(res.statusCode, res.body).toBe(200);
    // Exactly these three fields: nothing else of the person.
    expect(Object.keys(res.json()).sort()).toEqual(['ativo', 'cadastrado', 'tipo']);
    return memberStatusSchema.parse(res.json());
  };

  it("by e-mail or CPF: an account's existence, whether it is active, its kind; nothing else", async () => {
    const { usuario: member, email } = await createUser(t.prisma);
    const yes = { cadastrado: true, ativo: true, tipo: 'legionario' };
    expect(await status(`email=${encodeURIComponent(email)}`)).toEqual(yes);
    expect(await status(`email=${encodeURIComponent(`  ${email.toUpperCase()} `)}`)).toEqual(yes);
    expect(await status(`cpf=${member.cpf}`)).toEqual(yes);
    expect(await status(`cpf=${encodeURIComponent(formatCpf(member.cpf!))}`)).toEqual(yes);
    expect(await status('email=ninguem.aqui@teste.legiao.dev')).toEqual({ cadastrado: false, ativo: false, tipo: null });
  });

  it('an account not activated or blocked is not active; a lead and a colaborador say so; a deleted one is no account', async () => {
    const pending = await createUser(t.prisma, { ativo: false });
    expect(await status(`email=${encodeURIComponent(pending.email)}`)).toEqual({ cadastrado: true, ativo: false, tipo: 'legionario' });
    const blocked = await createUser(t.prisma);
    await t.prisma.usuario.update({ where: { id: blocked.usuario.id }, data: { bloqueadoEm: new Date(), motivoBloqueio: 'Fraude' } });
    expect(await status(`email=${encodeURIComponent(blocked.email)}`)).toEqual({ cadastrado: true, ativo: false, tipo: 'legionario' });
    for (const kind of ['lead', 'colaborador'] as const) {
      const u = await createUser(t.prisma);
      await t.prisma.usuario.update({ where: { id: u.usuario.id }, data: { tipo: kind } });
      expect(await status(`cpf=${u.usuario.cpf}`)).toEqual({ cadastrado: true, ativo: true, tipo: kind });
    }
    const gone = await createUser(t.prisma);
    await t.prisma.usuario.update({ where: { id: gone.usuario.id }, data: { excluidoEm: new Date() } });
    expect(await status(`cpf=${gone.usuario.cpf}`)).toEqual({ cadastrado: false, ativo: false, tipo: null });
  });

  it('exactly one of email or cpf, each valid: 400 in Portuguese otherwise', async () => {
    const { usuario: member, email } = await createUser(t.prisma);
    expectError(await lookup(headers, ''), 400, CONSULTAS_MSG.umCampo);
    expectError(await lookup(headers, `email=${encodeURIComponent(email)}&cpf=${member.cpf}`), 400, CONSULTAS_MSG.umCampo);
    expectError(await lookup(headers, 'email=sem-arroba'), 400, MSG.emailInvalido);
    expectError(await lookup(headers, 'cpf=12345678900'), 400, MSG.cpfInvalido);
    expectError(await lookup(headers, 'cpf=abc'), 400, MSG.cpfInvalido);
  });
});

describe('the OpenAPI document, for the store\'s developers', () => {
  it('lists the calls under the tag integração with the key\'s security scheme, and every real answer matches it', async () => {
    const doc = (await get('/api/docs/json')).json();
    expect(doc.components.securitySchemes.chaveIntegracao).toMatchObject({ type: 'http', scheme: 'bearer' });
    const ops = Object.entries(doc.paths as Record<string, Record<string, { tags: string[]; security: unknown; summary: string; description: string }>>).filter(([path]) => path.startsWith('/api/integracao/v1/'));
    expect(ops.map(([path]) => path)).toEqual(expect.arrayContaining([EU, MEMBERS]));
    for (const [path, methods] of ops) {
      for (const [method, op] of Object.entries(methods)) {
        expect(op.tags, `${method} ${path}`).toEqual(['integração']);
        expect(op.security, `${method} ${path}`).toEqual([{ chaveIntegracao: [] }]);
        expect(op.summary && op.description, `${method} ${path}`).toBeTruthy();
      }
    }
    const ajv = new Ajv({ strict: false, allErrors: true });
    addFormats(ajv);
    const documented = (path: string, res: LightMyRequestResponse) => {
      const media = doc.paths[path].get.responses[String(res.statusCode)]?.content?.['application/json'];
      expect(media, `${path} documents ${res.statusCode}`).toBeTruthy();
      const validate = ajv.compile(toDraft7(media.schema) as object);
      expect(validate(res.json()), `${path} ${res.statusCode}: ${JSON.stringify(validate.errors)}`).toBe(true);
    };
    const client = await createApiClient(t.prisma, ['membros:ler'], { perMinute: 3 });
    const noScope = await createApiClient(t.prisma, ['cupons:usar']);
    const { email } = await createUser(t.prisma);
    documented(EU, await get(EU, client.headers));
    documented(EU, await get(EU));
    documented(MEMBERS, await lookup(client.headers, `email=${encodeURIComponent(email)}`));
    documented(MEMBERS, await lookup(client.headers, 'cpf=1'));
    documented(MEMBERS, await lookup(noScope.headers, 'cpf=1'));
    documented(MEMBERS, await lookup({}, 'cpf=1'));
    const over = await lookup(client.headers, 'email=x@y.com');
    expect(over.statusCode).toBe(429);
    documented(MEMBERS, over);
  });
});
