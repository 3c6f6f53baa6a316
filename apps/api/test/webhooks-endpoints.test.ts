import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MSG, MSG } from '@legiao/contracts';
import {
  WEBHOOKS_MSG,
  webhookCatalogueSchema,
  webhookDeliveryListSchema,
  webhookEndpointListSchema,
  webhookEndpointSchema,
  webhookNewSecretSchema,
} from '@legiao/contracts/admin/webhooks';
import { WEBHOOK_EVENTS, WEBHOOK_EVENT_TYPES } from '@legiao/contracts/webhooks/catalogue';
import { buildTestApp, type TestApp } from './support/app.js';
import { expectError } from './support/factories.js';
import { createStaffByRole, type StaffSession } from './support/staff.js';
import { checkEndpointUrl, isPublicAddress } from '../src/features/webhooks/address-guard.js';

// Integrações › Webhooks, the endpoints (issue 25 §1, §2 SSRF; docs/decisions/0042-webhooks.md): on
// the shared test database with delivery off (the delivery itself: webhooks-delivery.test.ts).
// integrations.manage only; a secret is answered whole only by create and rotate, never audited;
// bad input changes nothing; URLs inside the network are refused (WEBHOOKS_ALLOW_PRIVATE off here).

let t: TestApp;
let s: Awaited<ReturnType<typeof createStaffByRole>>;
const secrets: string[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  s = await createStaffByRole(t);
});
// Other files write events on this database at the same time: an endpoint of this file may get their
// deliveries too (that is the product). Assertions look at this file's test events only, and the
// endpoints go at the end so the other files stop paying for them.
const created: string[] = [];
afterAll(async () => {
  await t.prisma.webhookEndpoint.deleteMany({ where: { id: { in: created } } });
  await t.close();
});

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, payload?: unknown, who: StaffSession = s.admin) =>
  t.app.inject({ method, url: `/api/admin/integracoes/webhooks${url}`, headers: who.headers, ...(payload === undefined ? {} : { payload: payload as object }) });
// A public address (documentation space is refused, so a real public IP literal): never contacted here, delivery is off.
const PUBLIC_URL = 'https://93.184.215.14/hooks/legiao';

async function create(body: Record<string, unknown> = {}) {
  const res = await call('POST', '', { url: PUBLIC_URL, descricao: `CRM ${randomUUID().slice(0, 6)}`, tipos: ['compra.verificada'], ...body });
  expect(res.statusCode, res.body).toBe(201);
  const answer = webhookNewSecretSchema.parse(res.json());
  secrets.push(answer.segredo);
  created.push(answer.endpoint.id);
  return answer;
}
const auditOf = (id: string) => t.prisma.auditEntry.findMany({ where: { entity: 'webhook_endpoint', entityId: id }, orderBy: { createdAt: 'asc' } });

describe('the catalogue', () => {
  it('lists every type with its description, a JSON Schema and an example that the schema accepts', async () => {
    const res = await call('GET', '/eventos');
    expect(res.statusCode, res.body).toBe(200);
    const body = webhookCatalogueSchema.parse(res.json());
    expect(body.versao).toBe(1);
    expect(body.eventos.map((e) => e.tipo)).toEqual(WEBHOOK_EVENT_TYPES);
    for (const e of body.eventos) {
      expect(e.descricao.length).toBeGreaterThan(10);
      expect(e.esquema).toMatchObject({ type: 'object' });
      expect(WEBHOOK_EVENTS[e.tipo].dados.safeParse(e.exemplo).success, e.tipo).toBe(true);
    }
    // LGPD: the account deletion carries the id and the time, nothing personal.
    expect(Object.keys(body.eventos.find((e) => e.tipo === 'conta.excluida')!.exemplo).sort()).toEqual(['excluidaEm', 'membroId']);
  });
});

describe('creating, editing, pausing, rotating, deleting', () => {
  it('answers the secret once (whsec_ + 32 bytes), shows only its start afterwards, audits without it', async () => {
    const { endpoint, segredo } = await create({ tipos: ['saldo.alterado', 'compra.verificada', 'saldo.alterado'] });
    expect(segredo).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(segredo.slice(6), 'base64')).toHaveLength(32);
    // Types without repeats, in catalogue order.
    expect(endpoint).toMatchObject({ url: PUBLIC_URL, tipos: ['compra.verificada', 'saldo.alterado'], pausadoEm: null, segredoAnteriorAte: null, entregas: { pendentes: 0, entregues: 0, falharam: 0 } });
    expect(endpoint.segredoInicio).toBe(`${segredo.slice(0, 10)}…`);
    const later = [await call('GET', ''), await call('GET', `/${endpoint.id}`), await call('PATCH', `/${endpoint.id}`, { descricao: 'Outro' })];
    for (const r of later) {
      expect(r.statusCode, r.body).toBe(200);
      expect(r.body).not.toContain(segredo.slice(10));
    }
    const audit = await auditOf(endpoint.id);
    expect(audit.map((a) => a.action)).toEqual(['webhooks.criar', 'webhooks.editar']);
    expect(JSON.stringify(audit)).not.toContain(segredo.slice(10));
    expect(audit[0]).toMatchObject({ actorId: s.admin.id, after: { url: PUBLIC_URL, tipos: ['compra.verificada', 'saldo.alterado'], pausado: false } });
  });

  it('an empty type list subscribes to every type; the list shows the endpoint', async () => {
    const { endpoint } = await create({ tipos: [] });
    expect(endpoint.tipos).toEqual([]);
    const list = webhookEndpointListSchema.parse((await call('GET', '')).json());
    expect(list.itens.find((e) => e.id === endpoint.id)).toEqual({ ...endpoint, entregas: expect.any(Object) });
  });

  it('pauses and resumes (audited as such); a resume forgets the failures before it', async () => {
    const { endpoint } = await create();
    await t.prisma.webhookEndpoint.update({ where: { id: endpoint.id }, data: { falhandoDesde: new Date(Date.now() - 3600_000) } });
    const paused = webhookEndpointSchema.parse((await call('PATCH', `/${endpoint.id}`, { pausado: true })).json());
    expect(paused.pausadoEm).not.toBeNull();
    expect(paused.motivoPausa).toBe('Pausado por alguém da equipe.');
    // Pausing twice changes nothing (no second audit row).
    expect((await call('PATCH', `/${endpoint.id}`, { pausado: true })).statusCode).toBe(200);
    const resumed = webhookEndpointSchema.parse((await call('PATCH', `/${endpoint.id}`, { pausado: false })).json());
    expect(resumed).toMatchObject({ pausadoEm: null, motivoPausa: null, falhandoDesde: null });
    expect((await auditOf(endpoint.id)).map((a) => a.action)).toEqual(['webhooks.criar', 'webhooks.pausar', 'webhooks.retomar']);
  });

  it('rotation answers a new secret; the old one signs beside it for 24 hours', async () => {
    const { endpoint, segredo } = await create();
    const before = Date.now();
    const res = await call('POST', `/${endpoint.id}/segredo`);
    expect(res.statusCode, res.body).toBe(201);
    const rotated = webhookNewSecretSchema.parse(res.json());
    secrets.push(rotated.segredo);
    expect(rotated.segredo).not.toBe(segredo);
    const until = Date.parse(rotated.endpoint.segredoAnteriorAte!);
    expect(until - before).toBeGreaterThanOrEqual(24 * 3600_000 - 1000);
    expect(until - before).toBeLessThan(24 * 3600_000 + 60_000);
    const row = await t.prisma.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } });
    expect(row).toMatchObject({ segredo: rotated.segredo, segredoAnterior: segredo });
    const audit = await auditOf(endpoint.id);
    expect(audit.at(-1)!.action).toBe('webhooks.rotacionar');
    expect(JSON.stringify(audit)).not.toContain(rotated.segredo.slice(10));
  });

  it('the test event is written for that endpoint alone and shows in its log as pending (delivery is off here)', async () => {
    const { endpoint } = await create();
    const other = await create({ tipos: [] });
    const res = await call('POST', `/${endpoint.id}/teste`);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({ tipo: 'webhook.teste', status: 'pendente', tentativas: 0 });
    const log = webhookDeliveryListSchema.parse((await call('GET', `/${endpoint.id}/entregas?tipo=webhook.teste`)).json());
    expect(log.itens.map((d) => d.tipo)).toEqual(['webhook.teste']);
    expect(webhookDeliveryListSchema.parse((await call('GET', `/${other.endpoint.id}/entregas?tipo=webhook.teste`)).json()).total).toBe(0);
    const event = await t.prisma.evento.findUniqueOrThrow({ where: { id: log.itens[0]!.eventoId } });
    expect(WEBHOOK_EVENTS['webhook.teste'].dados.parse(event.dados)).toEqual({ mensagem: 'Evento de teste do Legião.', endpointId: endpoint.id });
  });

  it('delete removes the endpoint and its deliveries (audited); a second delete is 404', async () => {
    const { endpoint } = await create();
    await call('POST', `/${endpoint.id}/teste`);
    const res = await call('DELETE', `/${endpoint.id}`);
    expect(res.statusCode, res.body).toBe(204);
    expect(await t.prisma.webhookEndpoint.count({ where: { id: endpoint.id } })).toBe(0);
    expect(await t.prisma.webhookEntrega.count({ where: { endpointId: endpoint.id } })).toBe(0);
    expect((await auditOf(endpoint.id)).map((a) => a.action)).toEqual(['webhooks.criar', 'webhooks.testar', 'webhooks.excluir']);
    expectError(await call('DELETE', `/${endpoint.id}`), 404, WEBHOOKS_MSG.endpointNaoEncontrado);
  });
});

describe('the delivery log, retry and replay', () => {
  it('filters by type, status and date, and retries one or replays the failed ones since a date (audited)', async () => {
    // Subscribed to one type only: compra.verificada never reaches it (the type filter below).
    const { endpoint } = await create({ tipos: ['pesquisa.respondida'] });
    for (let i = 0; i < 3; i++) await call('POST', `/${endpoint.id}/teste`);
    const rows = await t.prisma.webhookEntrega.findMany({ where: { endpointId: endpoint.id, evento: { tipo: 'webhook.teste' } }, orderBy: { criadoEm: 'asc' } });
    // Two failed (one old), one delivered: as the worker would have left them.
    await t.prisma.webhookEntrega.update({ where: { id: rows[0]!.id }, data: { status: 'falhou', tentativas: 16, ultimoCodigo: 500, criadoEm: new Date('2026-01-10T12:00:00Z') } });
    await t.prisma.webhookEntrega.update({ where: { id: rows[1]!.id }, data: { status: 'falhou', tentativas: 16, ultimoCodigo: 503, ultimaResposta: 'x'.repeat(1024) } });
    await t.prisma.webhookEntrega.update({ where: { id: rows[2]!.id }, data: { status: 'entregue', tentativas: 1, ultimoCodigo: 200, entregueEm: new Date() } });
    const get = async (q: string) => webhookDeliveryListSchema.parse((await call('GET', `/${endpoint.id}/entregas${q}`)).json());
    expect((await get('?status=falhou')).total).toBe(2);
    expect((await get('?status=entregue&tipo=webhook.teste')).itens.map((d) => d.id)).toEqual([rows[2]!.id]);
    expect((await get('?tipo=compra.verificada')).total).toBe(0);
    expect((await get('?tipo=webhook.teste')).total).toBe(3);
    expect((await get('?de=2026-01-01&ate=2026-01-31')).itens.map((d) => d.id)).toEqual([rows[0]!.id]);
    expect((await get('?ordem=criadoEm')).itens[0]!.id).toBe(rows[0]!.id);

    // Replay since February: only the recent failed one.
    const replay = await call('POST', `/${endpoint.id}/entregas/reenviar`, { desde: '2026-02-01' });
    expect(replay.statusCode, replay.body).toBe(202);
    expect(replay.json()).toEqual({ reenviadas: 1 });
    expect((await t.prisma.webhookEntrega.findUniqueOrThrow({ where: { id: rows[1]!.id } })).status).toBe('pendente');
    expect((await t.prisma.webhookEntrega.findUniqueOrThrow({ where: { id: rows[0]!.id } })).status).toBe('falhou');
    // Retry one: the old failed one; a pending one can't be retried (409), a delivered one can (resent).
    const one = await call('POST', `/${endpoint.id}/entregas/${rows[0]!.id}/reenviar`);
    expect(one.statusCode, one.body).toBe(202);
    expect(one.json()).toMatchObject({ id: rows[0]!.id, status: 'pendente', tentativas: 16 });
    expectError(await call('POST', `/${endpoint.id}/entregas/${rows[0]!.id}/reenviar`), 409, WEBHOOKS_MSG.entregaNaoReenviavel);
    expect((await call('POST', `/${endpoint.id}/entregas/${rows[2]!.id}/reenviar`)).statusCode).toBe(202);
    const audit = (await auditOf(endpoint.id)).map((a) => a.action);
    expect(audit.filter((a) => a === 'webhooks.reenviar')).toHaveLength(2);
    expect(audit.filter((a) => a === 'webhooks.reenviar-falhas')).toHaveLength(1);
  });

  it("another endpoint's delivery is not found through this one", async () => {
    const a = await create();
    const b = await create();
    await call('POST', `/${b.endpoint.id}/teste`);
    const delivery = await t.prisma.webhookEntrega.findFirstOrThrow({ where: { endpointId: b.endpoint.id } });
    await t.prisma.webhookEntrega.update({ where: { id: delivery.id }, data: { status: 'falhou' } });
    expectError(await call('POST', `/${a.endpoint.id}/entregas/${delivery.id}/reenviar`), 404, WEBHOOKS_MSG.entregaNaoEncontrada);
    expect((await t.prisma.webhookEntrega.findUniqueOrThrow({ where: { id: delivery.id } })).status).toBe('falhou');
  });
});

describe('bad input changes nothing', () => {
  it.each([
    [{ url: 'nao é url', tipos: [] }, WEBHOOKS_MSG.urlInvalida],
    [{ url: 'ftp://exemplo.com/x', tipos: [] }, WEBHOOKS_MSG.urlInvalida],
    [{ url: 'https://user:senha@exemplo.com/x', tipos: [] }, WEBHOOKS_MSG.urlComCredenciais],
    [{ url: 'http://93.184.215.14/x', tipos: [] }, WEBHOOKS_MSG.urlHttps],
    [{ url: PUBLIC_URL, tipos: ['pedido.qualquer'] }, WEBHOOKS_MSG.tipoInvalido],
    [{ url: PUBLIC_URL, tipos: ['webhook.teste'] }, WEBHOOKS_MSG.tipoInvalido],
    [{ url: PUBLIC_URL }, WEBHOOKS_MSG.tiposObrigatorios],
    [{ url: PUBLIC_URL, tipos: [], descricao: 'x'.repeat(201) }, WEBHOOKS_MSG.descricaoLonga],
    [{ url: `https://exemplo.com/${'a'.repeat(2000)}`, tipos: [] }, WEBHOOKS_MSG.urlLonga],
  ])('create with bad input: 400 %#', async (body, message) => {
    const before = await t.prisma.webhookEndpoint.count();
    expectError(await call('POST', '', body), 400, message);
    expect(await t.prisma.webhookEndpoint.count()).toBe(before);
  });

  it('edits, filters and ids', async () => {
    const { endpoint } = await create();
    expectError(await call('PATCH', `/${endpoint.id}`, {}), 400, WEBHOOKS_MSG.nadaParaAlterar);
    expectError(await call('PATCH', `/${endpoint.id}`, { pausado: 'sim' }), 400);
    expectError(await call('GET', `/${endpoint.id}/entregas?status=perdida`), 400, WEBHOOKS_MSG.statusInvalido);
    expectError(await call('GET', `/${endpoint.id}/entregas?de=ontem`), 400, WEBHOOKS_MSG.dataInvalida);
    expectError(await call('POST', `/${endpoint.id}/entregas/reenviar`, {}), 400);
    expectError(await call('GET', '/nao-e-uuid'), 400, WEBHOOKS_MSG.endpointNaoEncontrado);
    expectError(await call('GET', `/${randomUUID()}`), 404, WEBHOOKS_MSG.endpointNaoEncontrado);
    expectError(await call('POST', `/${endpoint.id}/entregas/${randomUUID()}/reenviar`), 404, WEBHOOKS_MSG.entregaNaoEncontrada);
    expect((await t.prisma.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } })).url).toBe(PUBLIC_URL);
  });
});

describe('SSRF guard (WEBHOOKS_ALLOW_PRIVATE off)', () => {
  it.each([
    'https://127.0.0.1/x',
    'https://10.1.2.3/x',
    'https://172.20.0.5/x',
    'https://192.168.0.10/x',
    'https://169.254.169.254/latest/meta-data',
    'https://100.64.0.1/x',
    'https://0.0.0.0/x',
    'https://[::1]/x',
    'https://[fd00:ec2::254]/x',
    'https://[fe80::1]/x',
    'https://[::ffff:127.0.0.1]/x',
    'https://localhost/x', // a name that resolves to 127.0.0.1
  ])('%s is refused when saved', async (url) => {
    expectError(await call('POST', '', { url, tipos: [] }), 400, WEBHOOKS_MSG.urlPrivada);
  });

  it('an edit to an inside address is refused too, and a name that does not resolve is named as such', async () => {
    const { endpoint } = await create();
    expectError(await call('PATCH', `/${endpoint.id}`, { url: 'https://localhost:8443/x' }), 400, WEBHOOKS_MSG.urlPrivada);
    expectError(await call('POST', '', { url: 'https://nao-existe.invalid/x', tipos: [] }), 400, WEBHOOKS_MSG.urlNaoResolve);
    expect((await t.prisma.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } })).url).toBe(PUBLIC_URL);
  });

  it('classifies addresses', async () => {
    for (const a of ['93.184.215.14', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8']) expect(isPublicAddress(a), a).toBe(true);
    for (const a of ['127.0.0.1', '10.0.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.127.0.1', '224.0.0.1', '255.255.255.255', '::1', '::', 'fc00::1', 'fe80::1', '::ffff:10.0.0.1', '64:ff9b::a00:1', 'not-an-ip'])
      expect(isPublicAddress(a), a).toBe(false);
    await expect(checkEndpointUrl('https://localhost/', true)).resolves.toBeUndefined();
  });
});

describe('who may', () => {
  it('integrations.manage only: 401 without a session, 403 for members and other roles; nothing changes', async () => {
    const { endpoint } = await create();
    const routes: [Method, string, unknown?][] = [
      ['GET', '/eventos'],
      ['GET', ''],
      ['POST', '', { url: PUBLIC_URL, tipos: [] }],
      ['GET', `/${endpoint.id}`],
      ['PATCH', `/${endpoint.id}`, { pausado: true }],
      ['DELETE', `/${endpoint.id}`],
      ['POST', `/${endpoint.id}/teste`],
      ['POST', `/${endpoint.id}/segredo`],
      ['GET', `/${endpoint.id}/entregas`],
      ['POST', `/${endpoint.id}/entregas/reenviar`, { desde: '2026-01-01' }],
      ['POST', `/${endpoint.id}/entregas/${randomUUID()}/reenviar`],
    ];
    for (const [method, url, body] of routes) {
      expectError(await t.app.inject({ method, url: `/api/admin/integracoes/webhooks${url}`, ...(body ? { payload: body as object } : {}) }), 401, MSG.naoAutenticado);
      for (const who of [s.membro, s.marketing, s.atendimento, s.operacao]) expectError(await call(method, url, body, who), 403, ADMIN_MSG.semPermissao);
    }
    // The integracoes role may.
    expect((await call('GET', `/${endpoint.id}`, undefined, s.integracoes)).statusCode).toBe(200);
    const row = await t.prisma.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } });
    expect(row).toMatchObject({ pausadoEm: null, segredo: secrets.at(-1) });
    expect(await t.prisma.webhookEntrega.count({ where: { endpointId: endpoint.id, evento: { tipo: 'webhook.teste' } } })).toBe(0);
  });
});
