import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consentsResponseSchema, MY_DATA_FORMAT, integrationReadSchema } from '@legiao/contracts';
import { INTEGRATION_MSG } from '@legiao/contracts/integracao/constants';
import { consentReportResultSchema, MEMBER_DATA_MSG, memberDataSchema } from '@legiao/contracts/integracao/membros';
import { buildTestApp, type TestApp } from './support/app.js';
import { bearer, createUser, expectError, login, TEST_PASSWORD } from './support/factories.js';
import { createApiClient } from './support/integration-client.js';
import { createProduct, createVerifiedPurchase } from './produto-fixtures.js';
import { giveBalance } from './beneficio-fixtures.js';

// The CRM's personal-data calls (issue 30; docs/decisions/0045-crm-personal-data.md): a member by id
// (scope membros:dados) and the consents the CRM reports (scope consentimentos:escrever), each read
// on the member's record and in their data export.

let t: TestApp;
let crm: Awaited<ReturnType<typeof createApiClient>>;
let writer: Awaited<ReturnType<typeof createApiClient>>;
let store: Awaited<ReturnType<typeof createApiClient>>;

beforeAll(async () => {
  t = await buildTestApp();
  crm = await createApiClient(t.prisma, ['membros:dados'], { nome: 'CRM Dados', perMinute: 100_000 });
  writer = await createApiClient(t.prisma, ['consentimentos:escrever'], { nome: 'CRM Descadastros', perMinute: 100_000 });
  // Everything but the two new scopes: the old ones give no personal data.
  store = await createApiClient(t.prisma, ['pedidos:enviar', 'cupons:usar', 'membros:ler'], { perMinute: 100_000 });
});
afterAll(() => t.close());

const member = (id: string, headers: Record<string, string> = crm.headers) => t.app.inject({ method: 'GET', url: `/api/integracao/v1/membros/${id}`, headers });
const report = (id: string, payload: unknown, headers: Record<string, string> = writer.headers) =>
  t.app.inject({ method: 'POST', url: `/api/integracao/v1/membros/${id}/consentimentos`, headers, payload: payload as object });
// This file's readers only: another file's CRM (integracao-sincronizacao) syncs every member at the
// same time, these ones included.
const OURS = ['CRM Dados', 'CRM Descadastros', 'CRM Sincronia', 'Receptor antigo'];
const reads = (userId: string) => t.prisma.leituraDadosIntegracao.findMany({ where: { usuarioId: userId, nome: { in: OURS } }, orderBy: { id: 'asc' } });
const history = (userId: string) => t.prisma.consentimento.findMany({ where: { usuarioId: userId }, orderBy: { criadoEm: 'asc' } });

describe('scopes', () => {
  it('a key without membros:dados or consentimentos:escrever gets 403 on every new call, and no read is recorded', async () => {
    const { usuario: user } = await createUser(t.prisma, { optInEmail: true });
    for (const headers of [store.headers, writer.headers]) {
      expectError(await member(user.id, headers), 403, INTEGRATION_MSG.escopoAusente);
      expectError(await t.app.inject({ method: 'GET', url: '/api/integracao/v1/membros/sincronizacao', headers }), 403, INTEGRATION_MSG.escopoAusente);
    }
    for (const headers of [store.headers, crm.headers]) {
      expectError(await report(user.id, { canal: 'email', concedido: false, em: new Date().toISOString() }, headers), 403, INTEGRATION_MSG.escopoAusente);
    }
    expect(await reads(user.id)).toEqual([]);
    expect((await t.prisma.usuario.findUniqueOrThrow({ where: { id: user.id } })).optInEmail).toBe(true);
  });

  it('no key, or a member session: 401', async () => {
    const { usuario: user, email } = await createUser(t.prisma);
    expectError(await member(user.id, {}), 401);
    expectError(await member(user.id, bearer(await login(t.app, email))), 401);
  });
});

describe('GET /api/integracao/v1/membros/{id}', () => {
  it('answers exactly the decided fields, the balance, the collection and each channel last change; the read is recorded', async () => {
    const { usuario: user } = await createUser(t.prisma, { optInEmail: true, optInSms: false });
    const product = await createProduct(t.prisma);
    const other = await createProduct(t.prisma);
    await createVerifiedPurchase(t.prisma, { usuarioId: user.id, produtoId: product.id, quantidade: 2 });
    await createVerifiedPurchase(t.prisma, { usuarioId: user.id, produtoId: product.id, quantidade: 1 });
    // Bought entirely as a gift: not in the collection.
    await createVerifiedPurchase(t.prisma, { usuarioId: user.id, produtoId: other.id, quantidade: 1, quantidadePresente: 1 });
    await giveBalance(t.prisma, user.id, 40);
    const given = new Date('2026-10-01T10:00:00.000Z');
    await t.prisma.consentimento.create({ data: { usuarioId: user.id, canal: 'email', concedido: true, origem: 'cadastro', criadoEm: given } });

    const res = await member(user.id);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['ativo', 'atualizadoEm', 'celular', 'colecao', 'consentimentos', 'email', 'id', 'nome', 'saldo', 'tipo']);
    memberDataSchema.strict().parse(body);
    const [{ saldo: balance }] = await t.prisma.$queryRaw<[{ saldo: number }]>`SELECT coalesce(sum(valor), 0)::int AS saldo FROM lancamento WHERE usuario_id = ${user.id}::uuid`;
    const [{ numeros: numbers }] = await t.prisma.$queryRaw<[{ numeros: number }]>`
      SELECT count(*)::int AS numeros FROM numero_legionario n JOIN produto_cliente p ON p.id = n.produto_cliente_id
       WHERE p.usuario_id = ${user.id}::uuid AND p.quantidade > p.quantidade_presente`;
    const row = await t.prisma.usuario.findUniqueOrThrow({ where: { id: user.id } });
    expect(body).toEqual({
      id: user.id,
      email: user.email,
      nome: 'Joana Membro',
      tipo: 'legionario',
      ativo: true,
      // No SMS or WhatsApp consent: the CRM has no use for the number.
      celular: null,
      consentimentos: { email: { concedido: true, em: given.toISOString() }, sms: { concedido: false, em: null }, whatsapp: { concedido: false, em: null } },
      saldo: balance,
      colecao: { produtos: 1, numerosLegionario: numbers },
      atualizadoEm: row.alteradoEm.toISOString(),
    });
    expect(balance).toBeGreaterThanOrEqual(40);
    const log = await reads(user.id);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ clienteId: crm.id, endpointId: null, nome: 'CRM Dados', motivo: 'consulta' });
  });

  it('the mobile number comes when SMS or WhatsApp is consented', async () => {
    const { usuario: user } = await createUser(t.prisma, { optInSms: true });
    const res = await member(user.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().celular).toBe('21987654321');
  });

  it('unknown, malformed and never-activated ids: 404 in Portuguese; a deleted account: 410 with no data; nothing read', async () => {
    expectError(await member('6f1c0b8f-0000-4000-8000-2a8f3c1d9e01'), 404, MEMBER_DATA_MSG.membroNaoEncontrado);
    expectError(await member('lixo'), 404, MEMBER_DATA_MSG.membroNaoEncontrado);
    expectError(await member('y'.repeat(65)), 400);
    const pending = await createUser(t.prisma, { ativo: false });
    expectError(await member(pending.usuario.id), 404, MEMBER_DATA_MSG.membroNaoEncontrado);

    const { usuario: user, email } = await createUser(t.prisma);
    const token = await login(t.app, email);
    const del = await t.app.inject({ method: 'DELETE', url: '/api/usuario', headers: bearer(token), payload: { senha: TEST_PASSWORD } });
    expect(del.statusCode, del.body).toBe(200);
    const gone = await member(user.id);
    expectError(gone, 410, MEMBER_DATA_MSG.membroExcluido);
    expect(gone.body).not.toContain(email);
    expect(await reads(user.id)).toEqual([]);
    expect(await reads(pending.usuario.id)).toEqual([]);
  });
});

describe('POST /api/integracao/v1/membros/{id}/consentimentos', () => {
  it('an unsubscribe at the CRM: the flag goes off, a history row names the integration, the profile shows it; repeated, one row', async () => {
    const { usuario: user, email } = await createUser(t.prisma, { optInEmail: true });
    await t.prisma.consentimento.create({ data: { usuarioId: user.id, canal: 'email', concedido: true, origem: 'cadastro', criadoEm: new Date(Date.now() - 3600_000) } });
    const at = new Date(Date.now() - 60_000).toISOString();
    const res = await report(user.id, { canal: 'email', concedido: false, em: at });
    expect(res.statusCode, res.body).toBe(200);
    expect(consentReportResultSchema.strict().parse(res.json())).toEqual({ aplicado: true, motivo: null, consentimento: { canal: 'email', concedido: false, em: at } });
    const row = await t.prisma.usuario.findUniqueOrThrow({ where: { id: user.id } });
    expect(row.optInEmail).toBe(false);
    expect(row.optOut).toBe(true);
    expect(await history(user.id)).toMatchObject([{ origem: 'cadastro' }, { canal: 'email', concedido: false, origem: 'integracao', clienteId: writer.id, criadoEm: new Date(at) }]);

    const again = await report(user.id, { canal: 'email', concedido: false, em: at });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ aplicado: false, motivo: MEMBER_DATA_MSG.maisAntiga });
    expect(await history(user.id)).toHaveLength(2);

    const listed = consentsResponseSchema.parse((await t.app.inject({ method: 'GET', url: '/api/usuario/consentimentos', headers: bearer(await login(t.app, email)) })).json());
    expect(listed[0]).toMatchObject({ canal: 'email', concedido: false, origem: 'integracao', integracao: 'CRM Descadastros', data: at });
    expect(listed[1]).toMatchObject({ origem: 'cadastro', integracao: null });
  });

  it('an older grant never re-grants a later withdrawal (made in the portal or by the CRM)', async () => {
    const { usuario: user, email } = await createUser(t.prisma, { optInEmail: true, optInSms: true });
    const token = await login(t.app, email);
    // Withdrawn in the portal now.
    const put = await t.app.inject({ method: 'PUT', url: '/api/usuario', headers: bearer(token), payload: { nome: 'Joana Membro', celular: '21987654321', optIn: false, optInSms: true } });
    expect(put.statusCode, put.body).toBe(200);
    const older = await report(user.id, { canal: 'email', concedido: true, em: new Date(Date.now() - 3600_000).toISOString() });
    expect(older.statusCode, older.body).toBe(200);
    expect(older.json()).toMatchObject({ aplicado: false, motivo: MEMBER_DATA_MSG.maisAntiga, consentimento: { canal: 'email', concedido: false } });
    expect((await t.prisma.usuario.findUniqueOrThrow({ where: { id: user.id } })).optInEmail).toBe(false);
    expect((await history(user.id)).filter((h) => h.origem === 'integracao')).toEqual([]);
    // A later grant at the CRM is applied; the same state again is not a change.
    const later = await report(user.id, { canal: 'email', concedido: true, em: new Date().toISOString() });
    expect(later.json()).toMatchObject({ aplicado: true });
    const same = await report(user.id, { canal: 'sms', concedido: true, em: new Date().toISOString() });
    expect(same.json()).toMatchObject({ aplicado: false, motivo: MEMBER_DATA_MSG.igual });
  });

  it('bad bodies, a date in the future, unknown and deleted members: refused in Portuguese, nothing changed', async () => {
    const { usuario: user, email } = await createUser(t.prisma, { optInEmail: true });
    const now = new Date().toISOString();
    for (const [body, message] of [
      [{ canal: 'fax', concedido: false, em: now }, MEMBER_DATA_MSG.canalInvalido],
      [{ canal: 'email', concedido: 'nao', em: now }, MEMBER_DATA_MSG.concedidoInvalido],
      [{ canal: 'email', concedido: false, em: '28/11/2026' }, MEMBER_DATA_MSG.dataInvalida],
      [{ canal: 'email', concedido: false, em: '2026-11-28T12:00:00' }, MEMBER_DATA_MSG.dataInvalida],
      [{ canal: 'email', concedido: false, em: new Date(Date.now() + 6 * 60_000).toISOString() }, MEMBER_DATA_MSG.emNoFuturo],
    ] as const) {
      expectError(await report(user.id, body), 400, message);
    }
    expectError(await report(user.id, undefined), 400);
    expectError(await report('6f1c0b8f-0000-4000-8000-2a8f3c1d9e01', { canal: 'email', concedido: false, em: now }), 404, MEMBER_DATA_MSG.membroNaoEncontrado);
    expectError(await report('lixo', { canal: 'email', concedido: false, em: now }), 404, MEMBER_DATA_MSG.membroNaoEncontrado);
    expect((await t.prisma.usuario.findUniqueOrThrow({ where: { id: user.id } })).optInEmail).toBe(true);
    expect(await history(user.id)).toEqual([]);

    const del = await t.app.inject({ method: 'DELETE', url: '/api/usuario', headers: bearer(await login(t.app, email)), payload: { senha: TEST_PASSWORD } });
    expect(del.statusCode, del.body).toBe(200);
    expectError(await report(user.id, { canal: 'email', concedido: true, em: new Date().toISOString() }), 410, MEMBER_DATA_MSG.membroExcluido);
    expect((await t.prisma.usuario.findUniqueOrThrow({ where: { id: user.id } })).optInEmail).toBe(false);
  });
});

describe('the member sees who read their data', () => {
  it('the export lists each integration that read it, with its reasons, first and last time and count; the log survives the erasure', async () => {
    const { usuario: user, email } = await createUser(t.prisma);
    const token = await login(t.app, email);
    expect((await member(user.id)).statusCode).toBe(200);
    expect((await member(user.id)).statusCode).toBe(200);
    const sync = await createApiClient(t.prisma, ['membros:dados'], { nome: 'CRM Sincronia', perMinute: 100_000 });
    // A webhook endpoint since deleted: listed by the name recorded at the read.
    // Later than the two reads above by a second each, stated: the list is by the latest read, and a
    // default of the same millisecond (or a client clock a hair behind the database's) would tie.
    const later = (s: number) => new Date(Date.now() + s * 1000);
    await t.prisma.leituraDadosIntegracao.create({ data: { endpointId: '6f1c0b8f-0000-4000-8000-00000000beef', nome: 'Receptor antigo', usuarioId: user.id, motivo: 'evento', criadoEm: later(1) } });
    await t.prisma.clienteIntegracao.update({ where: { id: sync.id }, data: { revogadoEm: new Date() } });
    await t.prisma.leituraDadosIntegracao.create({ data: { clienteId: sync.id, nome: 'CRM Sincronia', usuarioId: user.id, motivo: 'sincronizacao', criadoEm: later(2) } });

    const res = await t.app.inject({ method: 'GET', url: '/api/usuario/meus-dados', headers: bearer(token) });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json();
    expect(data.formato).toBe(MY_DATA_FORMAT);
    const list = integrationReadSchema.array().parse(data.integracoes);
    const ours = list.filter((r) => OURS.includes(r.nome));
    expect(ours.map(({ primeiraEm: _p, ultimaEm: _u, ...r }) => r)).toEqual([
      { nome: 'CRM Sincronia', tipo: 'chave', motivos: ['sincronizacao'], vezes: 1 },
      { nome: 'Receptor antigo', tipo: 'webhook', motivos: ['evento'], vezes: 1 },
      { nome: 'CRM Dados', tipo: 'chave', motivos: ['consulta'], vezes: 2 },
    ]);
    const crmLine = list.find((r) => r.nome === 'CRM Dados')!;
    expect(new Date(crmLine.primeiraEm).getTime()).toBeLessThanOrEqual(new Date(crmLine.ultimaEm).getTime());

    const del = await t.app.inject({ method: 'DELETE', url: '/api/usuario', headers: bearer(token), payload: { senha: TEST_PASSWORD } });
    expect(del.statusCode, del.body).toBe(200);
    expect(await reads(user.id)).toHaveLength(4);
  });
});

describe('OpenAPI', () => {
  it('documents each new call for the CRM developer: tag, key, scope in the summary, answers per status, examples', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const calls = [
      ['get', '/api/integracao/v1/membros/{id}', 'membros:dados', ['200', '401', '403', '404', '410', '429']],
      ['get', '/api/integracao/v1/membros/sincronizacao', 'membros:dados', ['200', '400', '401', '403', '429']],
      ['post', '/api/integracao/v1/membros/{id}/consentimentos', 'consentimentos:escrever', ['200', '400', '401', '403', '404', '410', '429']],
    ] as const;
    for (const [method, path, scope, statuses] of calls) {
      const op = doc.paths[path][method];
      expect(op.tags, path).toEqual(['integração']);
      expect(op.security, path).toEqual([{ chaveIntegracao: [] }]);
      expect(op.summary, path).toContain(`escopo ${scope}`);
      expect(Object.keys(op.responses).sort(), path).toEqual([...statuses]);
      for (const status of statuses) expect(op.responses[status].description, `${path} ${status}`).not.toBe('Default Response');
      expect(JSON.stringify(op.responses['200'].content['application/json'].schema), path).toContain('"example"');
    }
  });
});
