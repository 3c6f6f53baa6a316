import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MSG, MSG, type StaffRole } from '@legiao/contracts';
import { INTEGRATION_KEY_PATTERN, INTEGRATION_MSG } from '@legiao/contracts/integracao/constants';
import {
  INTEGRATION_LAST_ORDERS,
  INTEGRATIONS_ADMIN_MSG,
  integrationDetailSchema,
  integrationListSchema,
  integrationNewKeySchema,
  type IntegrationDetail,
} from '@legiao/contracts/admin/integracoes';
import { buildTestApp, type TestApp } from './support/app.js';
import { expectError } from './support/factories.js';
import { createStaff, createStaffByRole, type StaffSession } from './support/staff.js';

// Integrações in the back office (issue 24 §1; docs/decisions/0041-store-integration.md): the store's
// API clients and their keys. integrations.manage (admin, integracoes) only; a key is answered whole
// only by create and rotate; every write is audited, and neither the key nor its hash is ever in the
// audit trail or in a later answer.

let t: TestApp;
let s: Record<StaffRole | 'membro', StaffSession>;
/** Every whole key any test got, to look for in the audit trail and in the answers. */
const keys: string[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  s = await createStaffByRole(t);
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const tag = () => randomUUID().slice(0, 8);
const call = (method: 'GET' | 'POST' | 'PATCH', url: string, headers: Headers = s.admin.headers, payload?: unknown) =>
  t.app.inject({ method, url: `/api/admin/integracoes${url}`, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

async function create(body: Record<string, unknown> = {}, who: StaffSession = s.admin) {
  const res = await call('POST', '', who.headers, { nome: `Loja ${tag()}`, escopos: ['pedidos:enviar'], ...body });
  expect(res.statusCode, res.body).toBe(201);
  const answer = integrationNewKeySchema.parse(res.json());
  keys.push(answer.chave);
  return answer;
}
async function detail(id: string): Promise<IntegrationDetail> {
  const res = await call('GET', `/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return integrationDetailSchema.parse(res.json());
}
const auditOf = (id: string) => t.prisma.auditEntry.findMany({ where: { entity: 'integracao', entityId: id }, orderBy: { createdAt: 'asc' } });
const machine = (key: string, url = '/api/integracao/v1/eu') => t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${key}` } });
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('creating a client', () => {
  it('answers the key once, stores only its hash, and the key works on the integration API at once', async () => {
    const { cliente: client, chave: key } = await create({ escopos: ['membros:ler', 'pedidos:enviar', 'membros:ler'], limitePorMinuto: 120 });
    expect(key).toMatch(INTEGRATION_KEY_PATTERN);
    // Scopes without repeats, in their fixed order; one live key, shown by its public part.
    expect(client).toMatchObject({ escopos: ['pedidos:enviar', 'membros:ler'], limitePorMinuto: 120, revogadoEm: null, chavesAtivas: 1, ultimoUsoEm: null });
    expect(client.criadoPor).toEqual({ id: s.admin.id, nome: 'Joana Membro', email: s.admin.email });
    expect(client.chaves).toHaveLength(1);
    expect(client.chaves[0]).toMatchObject({ chave: `${key.slice(0, 21)}…`, estado: 'ativa', expiraEm: null, revogadaEm: null });
    const stored = await t.prisma.chaveIntegracao.findMany({ where: { clienteId: client.id } });
    expect(stored).toHaveLength(1);
    expect(stored[0]!.prefixo).toBe(key.slice(9, 21));
    // The SHA-256 of the whole key, never the key; the secret part is nowhere in the row.
    expect(stored[0]!.hash).toBe(sha256(key));
    expect(JSON.stringify(stored)).not.toContain(key.slice(21));
    const me = await machine(key);
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json()).toMatchObject({ clienteId: client.id, escopos: ['pedidos:enviar', 'membros:ler'] });
  });

  it('the key is not in any later answer: list, detail, edit, revoke', async () => {
    const { cliente: client, chave: key } = await create();
    const secret = key.slice(21);
    const answers = [
      await call('GET', `?porPagina=100`),
      await call('GET', `/${client.id}`),
      await call('PATCH', `/${client.id}`, s.admin.headers, { nome: 'Outro nome' }),
      await call('POST', `/${client.id}/chaves/${client.chaves[0]!.id}/revogar`),
      await call('POST', `/${client.id}/revogar`),
    ];
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).not.toContain(secret);
      expect(res.body).not.toContain(sha256(key));
    }
  });

  it('the default limit is 600 per minute; audited with who, the request id, and the key only by its public part', async () => {
    const { cliente: client, chave: key } = await create({ nome: '  Loja com espaços  ' }, s.integracoes);
    expect(client).toMatchObject({ nome: 'Loja com espaços', limitePorMinuto: 600 });
    const [entry, ...more] = await auditOf(client.id);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ action: 'integracao.criar', actorId: s.integracoes.id, before: null });
    expect(entry!.after).toEqual({ nome: 'Loja com espaços', escopos: ['pedidos:enviar'], limitePorMinuto: 600, chave: `${key.slice(0, 21)}…` });
    expect(entry!.requestId).toBeTruthy();
  });

  it('bad input: 400 in Portuguese, nothing created', async () => {
    // An admin of its own: other files create clients in parallel.
    const admin = await createStaff(t, ['admin']);
    const cases: Array<[unknown, string]> = [
      [{ escopos: ['pedidos:enviar'] }, INTEGRATIONS_ADMIN_MSG.nomeObrigatorio],
      [{ nome: 'ab', escopos: ['pedidos:enviar'] }, INTEGRATIONS_ADMIN_MSG.nomeObrigatorio],
      [{ nome: 'x'.repeat(81), escopos: ['pedidos:enviar'] }, INTEGRATIONS_ADMIN_MSG.nomeLongo],
      [{ nome: 'Loja' }, INTEGRATIONS_ADMIN_MSG.escoposObrigatorios],
      [{ nome: 'Loja', escopos: [] }, INTEGRATIONS_ADMIN_MSG.escoposObrigatorios],
      [{ nome: 'Loja', escopos: ['tudo'] }, INTEGRATIONS_ADMIN_MSG.escopoInvalido],
      [{ nome: 'Loja', escopos: ['pedidos:enviar'], limitePorMinuto: 0 }, INTEGRATIONS_ADMIN_MSG.limiteInvalido],
      [{ nome: 'Loja', escopos: ['pedidos:enviar'], limitePorMinuto: 100_001 }, INTEGRATIONS_ADMIN_MSG.limiteInvalido],
      [{ nome: 'Loja', escopos: ['pedidos:enviar'], limitePorMinuto: 1.5 }, INTEGRATIONS_ADMIN_MSG.limiteInvalido],
      [{ nome: 'Loja', escopos: ['pedidos:enviar'], limitePorMinuto: '60' }, INTEGRATIONS_ADMIN_MSG.limiteInvalido],
    ];
    for (const [body, message] of cases) expectError(await call('POST', '', admin.headers, body), 400, message);
    expect(await t.prisma.clienteIntegracao.count({ where: { criadoPor: admin.id } })).toBe(0);
    expect((await call('POST', '', admin.headers, { nome: 'Loja', escopos: ['cupons:usar'] })).statusCode).toBe(201);
    expect(await t.prisma.clienteIntegracao.count({ where: { criadoPor: admin.id } })).toBe(1);
  });
});

describe('who may use Integrações', () => {
  it('admin and integracoes: every call; marketing, atendimento, operacao and a member: 403; nobody: 401', async () => {
    const { cliente: client } = await create();
    const keyId = client.chaves[0]!.id;
    const routes: Array<['GET' | 'POST' | 'PATCH', string, unknown?]> = [
      ['GET', ''],
      ['POST', '', { nome: 'Loja negada', escopos: ['cupons:usar'] }],
      ['GET', `/${client.id}`],
      ['PATCH', `/${client.id}`, { nome: 'Nome negado' }],
      ['POST', `/${client.id}/rotacionar`, {}],
      ['POST', `/${client.id}/chaves/${keyId}/revogar`],
      ['POST', `/${client.id}/revogar`],
    ];
    for (const [method, url, body] of routes) {
      expectError(await call(method, url, {}, body), 401, MSG.naoAutenticado);
      for (const who of ['marketing', 'atendimento', 'operacao', 'membro'] as const) expectError(await call(method, url, s[who].headers, body), 403, ADMIN_MSG.semPermissao);
    }
    // Nothing of the refused calls happened.
    expect(await detail(client.id)).toMatchObject({ nome: client.nome, revogadoEm: null, chavesAtivas: 1 });
    expect((await auditOf(client.id)).map((e) => e.action)).toEqual(['integracao.criar']);
    // The new role makes every call (the revocations last).
    for (const [method, url, body] of routes) {
      const res = await call(method, url, s.integracoes.headers, body);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
      if (res.statusCode === 201) keys.push(res.json().chave);
    }
  });

  it('the roles: integracoes holds integrations.manage and audit.read only; admin holds it too', async () => {
    const me = (who: StaffSession) => t.app.inject({ method: 'GET', url: '/api/admin/eu', headers: who.headers }).then((r) => r.json().permissoes as string[]);
    expect(await me(s.integracoes)).toEqual(['audit.read', 'integrations.manage']);
    expect(await me(s.admin)).toContain('integrations.manage');
    for (const who of ['marketing', 'atendimento', 'operacao'] as const) expect(await me(s[who])).not.toContain('integrations.manage');
    // The new role reads nothing else of the back office.
    expectError(await t.app.inject({ method: 'GET', url: '/api/admin/membros?busca=joana', headers: s.integracoes.headers }), 403);
    expectError(await t.app.inject({ method: 'GET', url: '/api/admin/banners', headers: s.integracoes.headers }), 403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/auditoria', headers: s.integracoes.headers })).statusCode).toBe(200);
  });

  it('the roles screen grants the new role (admin), audited as any role', async () => {
    const res = await t.app.inject({ method: 'PUT', url: '/api/admin/equipe/papeis', headers: s.admin.headers, payload: { email: s.membro.email, papeis: ['integracoes'] } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().papeis).toEqual(['integracoes']);
    expect((await call('GET', '', s.membro.headers)).statusCode).toBe(200);
    await t.app.inject({ method: 'PUT', url: '/api/admin/equipe/papeis', headers: s.admin.headers, payload: { email: s.membro.email, papeis: [] } });
    expectError(await call('GET', '', s.membro.headers), 403);
  });
});

describe('the list and a client\'s page', () => {
  it('lists clients with their live key count, filtered by situation and sorted', async () => {
    const name = `Lista ${tag()}`;
    const a = await create({ nome: `${name} A` });
    const b = await create({ nome: `${name} B` });
    await call('POST', `/${b.cliente.id}/rotacionar`, s.admin.headers, {}).then((r) => keys.push(r.json().chave));
    await call('POST', `/${a.cliente.id}/revogar`);
    const all = integrationListSchema.parse((await call('GET', '?porPagina=100&ordem=-criadoEm')).json());
    const mine = all.itens.filter((c) => c.nome.startsWith(name));
    expect(mine.map((c) => [c.nome, c.chavesAtivas, c.revogadoEm !== null])).toEqual([
      [`${name} B`, 2, false],
      [`${name} A`, 0, true],
    ]);
    const live = integrationListSchema.parse((await call('GET', '?situacao=ativas&porPagina=100')).json());
    expect(live.itens.some((c) => c.id === a.cliente.id)).toBe(false);
    expect(live.itens.some((c) => c.id === b.cliente.id)).toBe(true);
    const revoked = integrationListSchema.parse((await call('GET', '?situacao=revogadas&porPagina=100')).json());
    expect(revoked.itens.every((c) => c.revogadoEm !== null)).toBe(true);
    const sorted = async (order: string) => integrationListSchema.parse((await call('GET', `?ordem=${order}&porPagina=100`)).json()).itens.map((c) => c.nome).filter((n) => n.startsWith(name));
    expect(await sorted('nome')).toEqual([`${name} A`, `${name} B`]);
    expect(await sorted('-nome')).toEqual([`${name} B`, `${name} A`]);
    expectError(await call('GET', '?situacao=todas'), 400, INTEGRATIONS_ADMIN_MSG.situacaoInvalida);
    expectError(await call('GET', '?ordem=hash'), 400, ADMIN_MSG.ordemInvalida);
    expectError(await call('GET', '?pagina=0'), 400, ADMIN_MSG.paginaInvalida);
  });

  it('shows when and from which address the client was last used', async () => {
    const { cliente: client, chave: key } = await create();
    const res = await t.app.inject({ method: 'GET', url: '/api/integracao/v1/eu', headers: { authorization: `Bearer ${key}` }, remoteAddress: '198.51.100.23' });
    expect(res.statusCode).toBe(200);
    // Written off the request path: wait for it.
    await expect.poll(async () => (await detail(client.id)).ultimoUsoIp, { timeout: 5000 }).toBe('198.51.100.23');
    const d = await detail(client.id);
    expect(Date.now() - Date.parse(d.ultimoUsoEm!)).toBeLessThan(60_000);
    expect(d.chaves[0]!.ultimoUsoEm).not.toBeNull();
  });

  it('shows the last 50 orders received from the client, newest first, with their outcome; not another client\'s', async () => {
    const { cliente: client } = await create();
    const other = await create();
    const base = Date.parse('2026-11-20T12:00:00Z');
    const order = (i: number, clientId: string) => ({
      pedido: `T-${tag()}-${i}`,
      clienteId: clientId,
      canal: i % 2 ? 'loja-online' : 'loja-centro',
      dataCompra: new Date('2026-11-20T00:00:00Z'),
      estado: i % 5 === 0 ? ('cancelado' as const) : ('pago' as const),
      situacao: i % 5 === 0 ? ('cancelado' as const) : i % 3 === 0 ? ('pendente' as const) : ('aplicado' as const),
      conteudo: sha256(String(i)),
      corpo: {},
      recebidoEm: new Date(base + i * 60_000),
      aplicadoEm: i % 3 === 0 || i % 5 === 0 ? null : new Date(base + i * 60_000),
      canceladoEm: i % 5 === 0 ? new Date(base + i * 60_000) : null,
    });
    await t.prisma.pedidoLoja.createMany({ data: Array.from({ length: 55 }, (_, i) => order(i + 1, client.id)) });
    await t.prisma.pedidoLoja.createMany({ data: [order(99, other.cliente.id)] });
    const d = await detail(client.id);
    expect(d.pedidos).toHaveLength(INTEGRATION_LAST_ORDERS);
    expect(d.pedidos[0]!.pedido).toMatch(/-55$/);
    expect(d.pedidos.at(-1)!.pedido).toMatch(/-6$/);
    expect(d.pedidos[0]).toEqual({ pedido: d.pedidos[0]!.pedido, canal: 'loja-online', estado: 'cancelado', situacao: 'cancelado', recebidoEm: new Date(base + 55 * 60_000).toISOString(), aplicadoEm: null, canceladoEm: new Date(base + 55 * 60_000).toISOString() });
    expect(d.pedidos.find((p) => p.pedido.endsWith('-54'))).toMatchObject({ situacao: 'pendente', estado: 'pago', aplicadoEm: null });
    expect(d.pedidos.some((p) => p.pedido.endsWith('-99'))).toBe(false);
  });

  it('an unknown client is 404, a malformed id 400, in Portuguese', async () => {
    expectError(await call('GET', `/${randomUUID()}`), 404, INTEGRATIONS_ADMIN_MSG.clienteNaoEncontrado);
    expectError(await call('GET', '/123'), 400, INTEGRATIONS_ADMIN_MSG.clienteNaoEncontrado);
    const { cliente: client } = await create();
    expectError(await call('POST', `/${client.id}/chaves/${randomUUID()}/revogar`), 404, INTEGRATIONS_ADMIN_MSG.chaveNaoEncontrada);
    // A key of another client is not this client's.
    const other = await create();
    expectError(await call('POST', `/${client.id}/chaves/${other.cliente.chaves[0]!.id}/revogar`), 404, INTEGRATIONS_ADMIN_MSG.chaveNaoEncontrada);
    expect((await detail(other.cliente.id)).chavesAtivas).toBe(1);
  });
});

describe('editing', () => {
  it('changes name, scopes and limit; audits only what changed; the key keeps working with the new scopes', async () => {
    const { cliente: client, chave: key } = await create({ escopos: ['pedidos:enviar'] });
    const res = await call('PATCH', `/${client.id}`, s.admin.headers, { escopos: ['membros:ler', 'cupons:usar'], limitePorMinuto: 30 });
    expect(res.statusCode, res.body).toBe(200);
    expect(integrationDetailSchema.parse(res.json())).toMatchObject({ nome: client.nome, escopos: ['cupons:usar', 'membros:ler'], limitePorMinuto: 30 });
    const edits = (await auditOf(client.id)).filter((e) => e.action === 'integracao.editar');
    expect(edits.map((e) => [e.before, e.after])).toEqual([[{ escopos: ['pedidos:enviar'], limitePorMinuto: 600 }, { escopos: ['cupons:usar', 'membros:ler'], limitePorMinuto: 30 }]]);
    expect((await machine(key)).json().escopos).toEqual(['cupons:usar', 'membros:ler']);
    // The same values again change nothing and record nothing.
    expect((await call('PATCH', `/${client.id}`, s.admin.headers, { limitePorMinuto: 30 })).statusCode).toBe(200);
    expect((await auditOf(client.id)).filter((e) => e.action === 'integracao.editar')).toHaveLength(1);
  });

  it('bad input: 400 in Portuguese; a revoked client: 409', async () => {
    const { cliente: client } = await create();
    expectError(await call('PATCH', `/${client.id}`, s.admin.headers, {}), 400, INTEGRATIONS_ADMIN_MSG.nadaParaAlterar);
    expectError(await call('PATCH', `/${client.id}`, s.admin.headers, { escopos: [] }), 400, INTEGRATIONS_ADMIN_MSG.escoposObrigatorios);
    expectError(await call('PATCH', `/${client.id}`, s.admin.headers, { limitePorMinuto: -1 }), 400, INTEGRATIONS_ADMIN_MSG.limiteInvalido);
    expectError(await call('PATCH', `/${client.id}`, s.admin.headers, { nome: ' ' }), 400, INTEGRATIONS_ADMIN_MSG.nomeObrigatorio);
    expectError(await call('PATCH', `/${randomUUID()}`, s.admin.headers, { nome: 'Ninguém' }), 404, INTEGRATIONS_ADMIN_MSG.clienteNaoEncontrado);
    await call('POST', `/${client.id}/revogar`);
    expectError(await call('PATCH', `/${client.id}`, s.admin.headers, { nome: 'Depois de revogada' }), 409, INTEGRATIONS_ADMIN_MSG.clienteRevogado);
    expect((await detail(client.id)).nome).toBe(client.nome);
  });
});

describe('rotating', () => {
  it('answers a new key once; the keys in use get the window (24 h by default); audited without the keys', async () => {
    const { cliente: client, chave: first } = await create();
    const before = Date.now();
    const res = await call('POST', `/${client.id}/rotacionar`, s.admin.headers, {});
    expect(res.statusCode, res.body).toBe(201);
    const { cliente: after, chave: second } = integrationNewKeySchema.parse(res.json());
    keys.push(second);
    expect(second).toMatch(INTEGRATION_KEY_PATTERN);
    expect(second).not.toBe(first);
    expect(after.chavesAtivas).toBe(2);
    const [newest, old] = after.chaves;
    expect(newest).toMatchObject({ chave: `${second.slice(0, 21)}…`, estado: 'ativa', expiraEm: null });
    expect(old).toMatchObject({ chave: `${first.slice(0, 21)}…`, estado: 'em-rotacao' });
    const window = Date.parse(old!.expiraEm!) - before;
    expect(window).toBeGreaterThan(24 * 3_600_000 - 60_000);
    expect(window).toBeLessThan(24 * 3_600_000 + 60_000);
    const entry = (await auditOf(client.id)).find((e) => e.action === 'integracao.rotacionar')!;
    expect(entry.before).toEqual({ chaves: [{ chave: `${first.slice(0, 21)}…`, expiraEm: null }] });
    expect(entry.after).toEqual({ chave: `${second.slice(0, 21)}…`, janelaHoras: 24, chaves: [{ chave: `${first.slice(0, 21)}…`, expiraEm: old!.expiraEm }] });
    // The rotation is no longer visible: a GET shows the new key by its public part only.
    expect((await call('GET', `/${client.id}`)).body).not.toContain(second.slice(21));
  });

  it('takes the window from the operator (1 to 168 h), never lengthens a key already expiring, and refuses a revoked client', async () => {
    const { cliente: client } = await create();
    const rotate = async (body: unknown) => {
      const r = await call('POST', `/${client.id}/rotacionar`, s.admin.headers, body);
      expect(r.statusCode, r.body).toBe(201);
      keys.push(r.json().chave);
      return integrationNewKeySchema.parse(r.json()).cliente;
    };
    const one = await rotate({ janelaHoras: 2 });
    const firstEnd = one.chaves[1]!.expiraEm!;
    expect(Date.parse(firstEnd) - Date.now()).toBeLessThan(2 * 3_600_000 + 1000);
    const two = await rotate({ janelaHoras: 168 });
    // The first key keeps its 2 hours; the second gets the 168.
    expect(two.chaves.map((k) => k.estado)).toEqual(['ativa', 'em-rotacao', 'em-rotacao']);
    expect(two.chaves[2]!.expiraEm).toBe(firstEnd);
    expect(Date.parse(two.chaves[1]!.expiraEm!) - Date.now()).toBeGreaterThan(167 * 3_600_000);
    // A shorter rotation after a longer one shortens the longer window: every key in use ends by now + janelaHoras.
    const four = await rotate({ janelaHoras: 1 });
    expect(four.chaves.map((k) => k.estado)).toEqual(['ativa', 'em-rotacao', 'em-rotacao', 'em-rotacao']);
    const oneHour = Date.now() + 3_600_000;
    for (const k of four.chaves.slice(1)) expect(Math.abs(Date.parse(k.expiraEm!) - oneHour)).toBeLessThan(60_000);
    for (const hours of [0, 169, 1.5, '24']) expectError(await call('POST', `/${client.id}/rotacionar`, s.admin.headers, { janelaHoras: hours }), 400, INTEGRATIONS_ADMIN_MSG.janelaInvalida);
    // No body at all is the default window.
    const three = await call('POST', `/${client.id}/rotacionar`, s.admin.headers);
    expect(three.statusCode, three.body).toBe(201);
    keys.push(three.json().chave);
    await call('POST', `/${client.id}/revogar`);
    expectError(await call('POST', `/${client.id}/rotacionar`, s.admin.headers, {}), 409, INTEGRATIONS_ADMIN_MSG.clienteRevogado);
    expect((await auditOf(client.id)).map((e) => e.action)).toEqual(['integracao.criar', 'integracao.rotacionar', 'integracao.rotacionar', 'integracao.rotacionar', 'integracao.rotacionar', 'integracao.revogar']);
  });
});

describe('revoking', () => {
  it('a key stops at once; the others go on; audited once', async () => {
    const { cliente: client, chave: first } = await create();
    const rotated = await call('POST', `/${client.id}/rotacionar`, s.admin.headers, {});
    const second = rotated.json().chave as string;
    keys.push(second);
    const oldId = integrationNewKeySchema.parse(rotated.json()).cliente.chaves[1]!.id;
    expect((await machine(first)).statusCode).toBe(200);
    const res = await call('POST', `/${client.id}/chaves/${oldId}/revogar`);
    expect(res.statusCode, res.body).toBe(200);
    const d = integrationDetailSchema.parse(res.json());
    expect(d.chaves.find((k) => k.id === oldId)).toMatchObject({ estado: 'revogada' });
    expect(d.chavesAtivas).toBe(1);
    expectError(await machine(first), 401, INTEGRATION_MSG.chaveInvalida);
    expect((await machine(second)).statusCode).toBe(200);
    // Again: nothing changes, nothing more is recorded.
    expect((await call('POST', `/${client.id}/chaves/${oldId}/revogar`)).statusCode).toBe(200);
    const revocations = (await auditOf(client.id)).filter((e) => e.action === 'integracao.revogar-chave');
    expect(revocations).toHaveLength(1);
    expect(revocations[0]!.before).toEqual({ chave: `${first.slice(0, 21)}…`, estado: 'em-rotacao' });
    expect(revocations[0]!.after).toMatchObject({ chave: `${first.slice(0, 21)}…`, estado: 'revogada' });
  });

  it('the client: it and all its keys stop at once, for good; audited once', async () => {
    const { cliente: client, chave: first } = await create();
    const second = (await call('POST', `/${client.id}/rotacionar`, s.admin.headers, {})).json().chave as string;
    keys.push(second);
    const res = await call('POST', `/${client.id}/revogar`);
    expect(res.statusCode, res.body).toBe(200);
    const d = integrationDetailSchema.parse(res.json());
    expect(d.revogadoEm).not.toBeNull();
    expect(d.chavesAtivas).toBe(0);
    expect(d.chaves.map((k) => k.estado)).toEqual(['revogada', 'revogada']);
    for (const key of [first, second]) expectError(await machine(key), 401, INTEGRATION_MSG.chaveInvalida);
    expect((await call('POST', `/${client.id}/revogar`)).statusCode).toBe(200);
    const entries = (await auditOf(client.id)).filter((e) => e.action === 'integracao.revogar');
    expect(entries).toHaveLength(1);
    expect(entries[0]!.before).toEqual({ nome: client.nome, revogadoEm: null, chavesAtivas: 2 });
    expect(entries[0]!.after).toEqual({ nome: client.nome, revogadoEm: d.revogadoEm, chavesAtivas: 0 });
  });
});

describe('the audit trail', () => {
  it('holds every create, edit, rotate and revoke, and never a key, its secret part or its hash', async () => {
    expect(keys.length).toBeGreaterThan(10);
    const entries = await t.prisma.auditEntry.findMany({ where: { entity: 'integracao' } });
    expect(new Set(entries.map((e) => e.action))).toEqual(new Set(['integracao.criar', 'integracao.editar', 'integracao.rotacionar', 'integracao.revogar-chave', 'integracao.revogar']));
    const text = JSON.stringify(entries);
    for (const key of keys) {
      expect(text).not.toContain(key.slice(21));
      expect(text).not.toContain(sha256(key));
    }
    // Read through the audit screen too.
    const screen = await t.app.inject({ method: 'GET', url: '/api/admin/auditoria?entidade=integracao&porPagina=100', headers: s.integracoes.headers });
    expect(screen.statusCode, screen.body).toBe(200);
    for (const key of keys) expect(screen.body).not.toContain(key.slice(21));
  });
});
