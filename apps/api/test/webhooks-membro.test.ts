import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { webhookCatalogueSchema, webhookEndpointSchema, webhookNewSecretSchema } from '@legiao/contracts/admin/webhooks';
import { webhookEnvelopeSchema, webhookMemberBlockSchema } from '@legiao/contracts/webhooks/catalogue';
import { buildTestApp, type TestApp } from './support/app.js';
import { scaleDatabase } from './support/api-process.js';
import { bearer, createUser, login, TEST_PASSWORD } from './support/factories.js';
import { createApiClient } from './support/integration-client.js';
import { createStaff, type StaffSession } from './support/staff.js';
import { startReceiver, type Receiver } from './support/webhook-receiver.js';
import { anyEventsOf, eventsOf, expectOneEvent } from './support/webhook-events.js';
import { createProduct, createVerifiedPurchase } from './produto-fixtures.js';

// The CRM's side of the events (issue 30; docs/decisions/0045-crm-personal-data.md): membro.atualizado
// written by a trigger on usuario, the optional member block added at delivery, and the erasure
// reaching the stored events. The events on the shared test database (delivery off there, found by
// the ids this file made), the deliveries on a database of this file's own with a local receiver.

let t: TestApp;
let admin: StaffSession;
let crm: Awaited<ReturnType<typeof createApiClient>>;
let endpointId: string;
const PUBLIC_URL = 'https://93.184.215.14/hooks/legiao-crm';

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createStaff(t, ['admin']);
  crm = await createApiClient(t.prisma, ['consentimentos:escrever'], { nome: 'CRM Eventos', perMinute: 100_000 });
  const res = await t.app.inject({ method: 'POST', url: '/api/admin/integracoes/webhooks', headers: admin.headers, payload: { url: PUBLIC_URL, descricao: 'CRM (teste)', tipos: ['membro.atualizado', 'membro.ativado', 'conta.excluida', 'compra.verificada'] } });
  expect(res.statusCode, res.body).toBe(201);
  endpointId = webhookNewSecretSchema.parse(res.json()).endpoint.id;
});
afterAll(async () => {
  if (endpointId) await t.app.inject({ method: 'DELETE', url: `/api/admin/integracoes/webhooks/${endpointId}`, headers: admin.headers });
  await t?.close();
});

const putProfile = (token: string, payload: Record<string, unknown>) => t.app.inject({ method: 'PUT', url: '/api/usuario', headers: bearer(token), payload: { nome: 'Joana Membro', celular: '21987654321', ...payload } });

describe('membro.atualizado', () => {
  it('a consent withdrawn in the portal: one event with the changed fields and every consent', async () => {
    const m = await createUser(t.prisma, { optInEmail: true, optInSms: true });
    const token = await login(t.app, m.email);
    const res = await putProfile(token, { optIn: true, optInSms: false });
    expect(res.statusCode, res.body).toBe(200);
    const ev = await expectOneEvent(t.prisma, endpointId, 'membro.atualizado', { membroId: m.usuario.id });
    expect(ev.dados).toMatchObject({ membroId: m.usuario.id, campos: ['consentimentos.sms'], consentimentos: { email: true, sms: false, whatsapp: false } });
    const row = await t.prisma.usuario.findUniqueOrThrow({ where: { id: m.usuario.id } });
    expect(new Date(ev.dados.alteradoEm).getTime()).toBe(row.alteradoEm.getTime());
    // Nothing personal in the payload: the data is fetched by id (or comes in the member block).
    expect(JSON.stringify(ev.dados)).not.toContain(m.email);
  });

  it('a name change: named by its wire name; the consents still travel', async () => {
    const m = await createUser(t.prisma, { optInEmail: true });
    const token = await login(t.app, m.email);
    expect((await putProfile(token, { nome: 'Joana Nova', optIn: true })).statusCode).toBe(200);
    const ev = await expectOneEvent(t.prisma, endpointId, 'membro.atualizado', { membroId: m.usuario.id });
    expect(ev.dados).toMatchObject({ campos: ['nome'], consentimentos: { email: true, sms: false, whatsapp: false } });
  });

  it('a consent withdrawn by the CRM fires it too', async () => {
    const m = await createUser(t.prisma, { optInEmail: true });
    const res = await t.app.inject({ method: 'POST', url: `/api/integracao/v1/membros/${m.usuario.id}/consentimentos`, headers: crm.headers, payload: { canal: 'email', concedido: false, em: new Date().toISOString() } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().aplicado).toBe(true);
    const ev = await expectOneEvent(t.prisma, endpointId, 'membro.atualizado', { membroId: m.usuario.id });
    expect(ev.dados).toMatchObject({ campos: ['consentimentos.email'], consentimentos: { email: false, sms: false, whatsapp: false } });
  });

  it('none for a change of no tracked field, for the activation or for the erasure', async () => {
    const m = await createUser(t.prisma, { optInEmail: true });
    const token = await login(t.app, m.email); // a login writes the session, not the member's synced fields
    await t.prisma.usuario.update({ where: { id: m.usuario.id }, data: { perfil: 'estiloso', cidade: 'Niterói' } });
    const pending = await createUser(t.prisma, { ativo: false });
    await t.prisma.usuario.update({ where: { id: pending.usuario.id }, data: { ativo: true, ativadoEm: new Date(), nome: 'Pedro Ativado' } });
    await expectOneEvent(t.prisma, endpointId, 'membro.ativado', { membroId: pending.usuario.id });
    const del = await t.app.inject({ method: 'DELETE', url: '/api/usuario', headers: bearer(token), payload: { senha: TEST_PASSWORD } });
    expect(del.statusCode, del.body).toBe(200);
    expect(await anyEventsOf(t.prisma, { membroId: m.usuario.id }, ['membro.atualizado'])).toEqual([]);
    expect(await anyEventsOf(t.prisma, { membroId: pending.usuario.id }, ['membro.atualizado'])).toEqual([]);
    await expectOneEvent(t.prisma, endpointId, 'conta.excluida', { membroId: m.usuario.id });
  });

  it('is in the catalogue, with the member block described', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/integracoes/webhooks/eventos', headers: admin.headers });
    const body = webhookCatalogueSchema.parse(res.json());
    expect(body.eventos.map((e) => e.tipo)).toContain('membro.atualizado');
    expect(body.membro.descricao).toMatch(/incluir dados do membro/);
    webhookMemberBlockSchema.parse(body.membro.exemplo);
  });
});

describe('erasure', () => {
  it('a deleted member leaves no personal facts in stored events nor in their deliveries', async () => {
    const m = await createUser(t.prisma);
    const product = await createProduct(t.prisma);
    const code = `CRM-${randomUUID()}`;
    await createVerifiedPurchase(t.prisma, { usuarioId: m.usuario.id, produtoId: product.id, quantidade: 1, codigoPedido: code });
    const [bought] = await eventsOf(t.prisma, endpointId, 'compra.verificada', { membroId: m.usuario.id });
    expect(bought!.dados.codigoPedido).toBe(code);
    // What the receiver answered may quote the order (its log, an error with the customer's name).
    await t.prisma.webhookEntrega.updateMany({ where: { eventoId: bought!.id }, data: { ultimaResposta: `pedido ${code} de ${m.email}`, ultimoErro: `falhou ${m.email}` } });
    const del = await t.app.inject({ method: 'DELETE', url: '/api/usuario', headers: bearer(await login(t.app, m.email)), payload: { senha: TEST_PASSWORD } });
    expect(del.statusCode, del.body).toBe(200);

    const stored = await t.prisma.evento.findMany({ where: { membroId: m.usuario.id }, include: { entregas: true } });
    // Others too when another file's endpoint subscribes to every type (saldo.alterado of the purchase's credit).
    expect(stored.map((e) => e.tipo)).toEqual(expect.arrayContaining(['compra.verificada', 'conta.excluida', 'membro.ativado']));
    const after = stored.find((e) => e.id === bought!.id)!;
    // Ids and amounts stay; the order code goes.
    expect(after.dados).toMatchObject({ membroId: m.usuario.id, produtoId: product.id, quantidade: 1, codigoPedido: null });
    for (const e of stored) {
      expect(JSON.stringify(e), e.tipo).not.toContain(code);
      expect(JSON.stringify(e).toLowerCase(), e.tipo).not.toContain(m.email.toLowerCase());
      for (const d of e.entregas) expect([d.ultimaResposta, d.ultimoErro]).toEqual([null, null]);
    }
  });
});

describe('the member block, at delivery', () => {
  let own: TestApp;
  let db: Awaited<ReturnType<typeof scaleDatabase>>;
  let staff: StaffSession;
  let rx: Receiver;
  let plain: Receiver;

  beforeAll(async () => {
    db = await scaleDatabase('webhooks-membro');
    own = await buildTestApp({ env: { DATABASE_URL: db.url, WEBHOOKS_DELIVERY: 'true', WEBHOOKS_ALLOW_PRIVATE: 'true', WEBHOOKS_TIMEOUT_MS: '2000', WEBHOOKS_RETRY_DELAY_S: '1', WEBHOOKS_RETRY_MAX_S: '2', WEBHOOKS_RETRY_LIMIT: '2' } });
    staff = await createStaff(own, ['admin']);
    rx = await startReceiver();
    plain = await startReceiver();
  }, 60_000);
  afterAll(async () => {
    await own?.close();
    await rx?.close();
    await plain?.close();
    await db?.drop();
  });

  const hooks = (method: 'POST' | 'PATCH', url: string, payload: object) => own.app.inject({ method, url: `/api/admin/integracoes/webhooks${url}`, headers: staff.headers, payload });
  const bodies = (r: Receiver, memberId: string, type: string) =>
    r.received.map((x) => JSON.parse(x.body) as Record<string, any>).filter((b) => b.type === type && b.data.membroId === memberId);

  it('only an endpoint with incluirMembro gets the member as they are now; each send is on the read log; conta.excluida never carries it', async () => {
    const created = await hooks('POST', '', { url: rx.url, descricao: 'CRM com dados', tipos: [] });
    expect(created.statusCode, created.body).toBe(201);
    const withBlock = webhookNewSecretSchema.parse(created.json());
    expect(withBlock.endpoint.incluirMembro).toBe(false);
    // Turned on by an edit, audited like the other fields.
    const edit = await hooks('PATCH', `/${withBlock.endpoint.id}`, { incluirMembro: true });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(webhookEndpointSchema.parse(edit.json()).incluirMembro).toBe(true);
    const audit = await own.prisma.auditEntry.findFirstOrThrow({ where: { entityId: withBlock.endpoint.id, action: 'webhooks.editar' } });
    expect(audit.before).toMatchObject({ incluirMembro: false });
    expect(audit.after).toMatchObject({ incluirMembro: true });
    const without = await hooks('POST', '', { url: plain.url, descricao: 'Sem dados', tipos: [], incluirMembro: false });
    expect(without.statusCode, without.body).toBe(201);
    const plainId = webhookNewSecretSchema.parse(without.json()).endpoint.id;

    const m = await createUser(own.prisma, { optInEmail: true });
    const token = await login(own.app, m.email);
    expect((await own.app.inject({ method: 'PUT', url: '/api/usuario', headers: bearer(token), payload: { nome: 'Joana Bloco', celular: '21987654321', optIn: false } })).statusCode).toBe(200);

    await rx.waitFor(() => bodies(rx, m.usuario.id, 'membro.atualizado').length > 0);
    await plain.waitFor(() => bodies(plain, m.usuario.id, 'membro.atualizado').length > 0);
    const [body] = bodies(rx, m.usuario.id, 'membro.atualizado');
    const received = rx.received.find((x) => x.body.includes('"membro.atualizado"') && x.body.includes(m.usuario.id))!;
    // Signed over the body that carries the block.
    new Webhook(withBlock.segredo).verify(received.body, received.headers as Record<string, string>);
    const envelope = webhookEnvelopeSchema.strict().parse(body);
    expect(envelope.membro).toEqual({
      id: m.usuario.id,
      email: m.email,
      nome: 'Joana Bloco',
      tipo: 'legionario',
      ativo: true,
      consentimentos: { email: { concedido: false, em: expect.stringMatching(/Z$/) }, sms: { concedido: false, em: null }, whatsapp: { concedido: false, em: null } },
    });
    expect(bodies(plain, m.usuario.id, 'membro.atualizado')[0]).not.toHaveProperty('membro');
    // Stored payloads never hold it.
    const stored = await own.prisma.evento.findMany({ where: { membroId: m.usuario.id } });
    for (const e of stored) expect(JSON.stringify(e.dados)).not.toContain(m.email);

    const log = await own.prisma.leituraDadosIntegracao.findMany({ where: { usuarioId: m.usuario.id } });
    expect(log.length).toBeGreaterThanOrEqual(1);
    expect(log.every((l) => l.endpointId === withBlock.endpoint.id && l.motivo === 'evento' && l.nome === 'CRM com dados' && l.clienteId === null)).toBe(true);
    expect(log.some((l) => l.endpointId === plainId)).toBe(false);

    const del = await own.app.inject({ method: 'DELETE', url: '/api/usuario', headers: bearer(token), payload: { senha: TEST_PASSWORD } });
    expect(del.statusCode, del.body).toBe(200);
    await rx.waitFor(() => bodies(rx, m.usuario.id, 'conta.excluida').length > 0);
    await plain.waitFor(() => bodies(plain, m.usuario.id, 'conta.excluida').length > 0);
    expect(bodies(rx, m.usuario.id, 'conta.excluida')[0]).not.toHaveProperty('membro');
    expect(rx.received.some((x) => x.body.includes('"conta.excluida"') && x.body.includes(m.email))).toBe(false);
    // The member's export before deletion would have listed it; the log itself stays after the erasure.
    expect(await own.prisma.leituraDadosIntegracao.count({ where: { usuarioId: m.usuario.id } })).toBe(log.length);
  }, 60_000);
});
