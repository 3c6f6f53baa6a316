import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { webhookDeliveryListSchema, webhookEndpointSchema, webhookNewSecretSchema, type WebhookDelivery } from '@legiao/contracts/admin/webhooks';
import { buildTestApp, type TestApp } from './support/app.js';
import { scaleDatabase } from './support/api-process.js';
import { createStaffByRole, type StaffSession } from './support/staff.js';
import { startReceiver, type Receiver } from './support/webhook-receiver.js';
import { WebhookSender } from '../src/features/webhooks/sender.js';
import { getFreePort } from './support/ports.js';

// Delivery of the outgoing webhooks (issue 25 §2; docs/decisions/0042-webhooks.md), end to end: the
// API's own pg-boss worker posting to local receivers (WEBHOOKS_ALLOW_PRIVATE), on a database of this
// file's own (the queue's retry policy here is short: 1 s, then 2 s, 2 retries; timeout 1 s).

let t: TestApp;
let db: Awaited<ReturnType<typeof scaleDatabase>>;
let admin: StaffSession;
const receivers: Receiver[] = [];

beforeAll(async () => {
  db = await scaleDatabase('webhooks');
  t = await buildTestApp({
    env: {
      DATABASE_URL: db.url,
      WEBHOOKS_DELIVERY: 'true',
      WEBHOOKS_ALLOW_PRIVATE: 'true',
      WEBHOOKS_TIMEOUT_MS: '1000',
      WEBHOOKS_RETRY_DELAY_S: '1',
      WEBHOOKS_RETRY_MAX_S: '2',
      WEBHOOKS_RETRY_LIMIT: '2',
      WEBHOOKS_CONCURRENCY: '8',
      WEBHOOKS_ENDPOINT_CONCURRENCY: '2',
    },
  });
  admin = (await createStaffByRole(t)).admin;
}, 60_000);
afterAll(async () => {
  await t?.close();
  for (const r of receivers) await r.close();
  await db?.drop();
});

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
  t.app.inject({ method, url: `/api/admin/integracoes/webhooks${url}`, headers: admin.headers, ...(payload === undefined ? {} : { payload: payload as object }) });

async function receiver() {
  const r = await startReceiver();
  receivers.push(r);
  return r;
}
async function endpointFor(rx: Receiver, types: string[] = []) {
  const res = await call('POST', '', { url: rx.url, tipos: types });
  expect(res.statusCode, res.body).toBe(201);
  return webhookNewSecretSchema.parse(res.json());
}
async function sendTest(id: string): Promise<WebhookDelivery> {
  const res = await call('POST', `/${id}/teste`);
  expect(res.statusCode, res.body).toBe(202);
  return res.json();
}
async function deliveries(id: string) {
  return webhookDeliveryListSchema.parse((await call('GET', `/${id}/entregas?porPagina=100`)).json()).itens;
}
async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > deadline) throw new Error(`not reached in ${timeoutMs} ms: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
const hasOne = (rows: WebhookDelivery[], status: WebhookDelivery['status']) => rows.length === 1 && rows[0]!.status === status;

describe('Standard Webhooks', () => {
  it('a delivery verifies with the standardwebhooks package; webhook-id is the event id; the body is the envelope', async () => {
    const rx = await receiver();
    const { endpoint, segredo } = await endpointFor(rx);
    const sent = await sendTest(endpoint.id);
    const [got] = await rx.waitFor((all) => all.length === 1);
    const payload = new Webhook(segredo).verify(got!.body, got!.headers as Record<string, string>);
    expect(payload).toEqual({ type: 'webhook.teste', version: 1, timestamp: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/), data: { mensagem: 'Evento de teste do Legião.', endpointId: endpoint.id } });
    expect(got!.headers['webhook-id']).toBe(sent.eventoId);
    expect(got!.headers['content-type']).toBe('application/json');
    expect(Math.abs(Number(got!.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(10);
    expect(got!.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    // A forged body, or another secret, fails verification.
    expect(() => new Webhook(segredo).verify(got!.body.replace('teste', 'testx'), got!.headers as Record<string, string>)).toThrow();
    expect(() => new Webhook('whsec_' + Buffer.alloc(32, 1).toString('base64')).verify(got!.body, got!.headers as Record<string, string>)).toThrow();
    const rows = await until(() => deliveries(endpoint.id), (r) => hasOne(r, 'entregue'));
    expect(rows[0]).toMatchObject({ tentativas: 1, ultimoCodigo: 200, ultimaResposta: 'ok', ultimoErro: null, proximaTentativa: null });
  });

  it('during a rotation each delivery carries two signatures: the new secret and the old one both verify; after the window, one', async () => {
    const rx = await receiver();
    const { endpoint, segredo: old } = await endpointFor(rx);
    const rotated = webhookNewSecretSchema.parse((await call('POST', `/${endpoint.id}/segredo`)).json());
    await sendTest(endpoint.id);
    const [got] = await rx.waitFor((all) => all.length === 1);
    expect(String(got!.headers['webhook-signature']).split(' ')).toHaveLength(2);
    for (const secret of [rotated.segredo, old]) expect(new Webhook(secret).verify(got!.body, got!.headers as Record<string, string>)).toMatchObject({ type: 'webhook.teste' });
    // The window ends (as 24 hours later): only the new secret signs.
    await t.prisma.webhookEndpoint.update({ where: { id: endpoint.id }, data: { segredoAnteriorAte: new Date(Date.now() - 1000) } });
    await sendTest(endpoint.id);
    const [, second] = await rx.waitFor((all) => all.length === 2);
    expect(String(second!.headers['webhook-signature']).split(' ')).toHaveLength(1);
    expect(() => new Webhook(old).verify(second!.body, second!.headers as Record<string, string>)).toThrow();
    expect(new Webhook(rotated.segredo).verify(second!.body, second!.headers as Record<string, string>)).toMatchObject({ type: 'webhook.teste' });
  });
});

describe('retries', () => {
  it('anything but 2xx is retried with backoff, with the same webhook-id, until it goes through', async () => {
    const rx = await receiver();
    let n = 0;
    rx.respond = () => (++n <= 2 ? 500 : 200);
    const { endpoint } = await endpointFor(rx);
    const sent = await sendTest(endpoint.id);
    const all = await rx.waitFor((r) => r.length === 3, 30_000);
    expect(new Set(all.map((r) => r.headers['webhook-id']))).toEqual(new Set([sent.eventoId]));
    // pg-boss's backoff: at least retryDelay (1 s) before the first retry, at least 2 s before the second.
    expect(all[1]!.at - all[0]!.at).toBeGreaterThanOrEqual(900);
    expect(all[2]!.at - all[1]!.at).toBeGreaterThanOrEqual(1900);
    const rows = await until(() => deliveries(endpoint.id), (r) => hasOne(r, 'entregue'));
    expect(rows[0]).toMatchObject({ tentativas: 3, ultimoCodigo: 200 });
    expect((await t.prisma.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } })).falhandoDesde).toBeNull();
  });

  it('after the last retry the delivery is failed, shows the code and the first KB; a replay delivers it', async () => {
    const rx = await receiver();
    rx.respond = 503;
    const { endpoint } = await endpointFor(rx);
    await sendTest(endpoint.id);
    const failed = await until(() => deliveries(endpoint.id), (r) => hasOne(r, 'falhou'), 30_000);
    expect(failed[0]).toMatchObject({ tentativas: 3, ultimoCodigo: 503, ultimaResposta: 'erro 503', proximaTentativa: null });
    expect(rx.received).toHaveLength(3);
    const ep = webhookEndpointSchema.parse((await call('GET', `/${endpoint.id}`)).json());
    expect(ep.falhandoDesde).not.toBeNull();
    expect(ep.entregas).toEqual({ pendentes: 0, entregues: 0, falharam: 1 });
    rx.respond = 200;
    const replay = await call('POST', `/${endpoint.id}/entregas/reenviar`, { desde: '2020-01-01' });
    expect(replay.json()).toEqual({ reenviadas: 1 });
    const rows = await until(() => deliveries(endpoint.id), (r) => hasOne(r, 'entregue'));
    expect(rows[0]).toMatchObject({ tentativas: 4, ultimoCodigo: 200 });
    expect(rx.received.map((r) => r.headers['webhook-id'])).toEqual(Array(4).fill(failed[0]!.eventoId));
  });

  it('no answer within the timeout is a failure; a redirect is not followed', async () => {
    const slow = await receiver();
    slow.respond = () => 'hang';
    const target = await receiver();
    const bouncer = await receiver();
    bouncer.respond = 302;
    const a = await endpointFor(slow);
    await sendTest(a.endpoint.id);
    const timedOut = await until(() => deliveries(a.endpoint.id), (r) => r[0]!.tentativas >= 1);
    expect(timedOut[0]).toMatchObject({ ultimoCodigo: null, ultimoErro: 'Sem resposta em 1 s.' });
    const b = await endpointFor(bouncer);
    await sendTest(b.endpoint.id);
    const bounced = await until(() => deliveries(b.endpoint.id), (r) => r[0]!.tentativas >= 1);
    expect(bounced[0]).toMatchObject({ status: 'pendente', ultimoCodigo: 302 });
    expect(target.received).toHaveLength(0);
  });
});

describe('pausing', () => {
  it('410 Gone pauses the endpoint; what comes meanwhile waits; a resume delivers it all', async () => {
    const rx = await receiver();
    rx.respond = 410;
    const { endpoint } = await endpointFor(rx);
    await sendTest(endpoint.id);
    const paused = await until(async () => webhookEndpointSchema.parse((await call('GET', `/${endpoint.id}`)).json()), (e) => e.pausadoEm !== null);
    expect(paused.motivoPausa).toBe('O endpoint respondeu 410 (Gone): pausado até alguém retomá-lo.');
    const audit = await t.prisma.auditEntry.findMany({ where: { entity: 'webhook_endpoint', entityId: endpoint.id, action: 'webhooks.pausar' } });
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actorId).toBeNull();
    await sendTest(endpoint.id);
    await new Promise((r) => setTimeout(r, 1500));
    expect(rx.received).toHaveLength(1);
    const waiting = await deliveries(endpoint.id);
    expect(waiting.map((d) => d.status)).toEqual(['pendente', 'pendente']);
    rx.respond = 200;
    expect((await call('PATCH', `/${endpoint.id}`, { pausado: false })).statusCode).toBe(200);
    await rx.waitFor((all) => all.length === 3);
    const done = await until(() => deliveries(endpoint.id), (r) => r.every((d) => d.status === 'entregue'));
    expect(done.map((d) => d.tentativas).sort()).toEqual([1, 2]);
  });
});

describe('isolation', () => {
  it('a dead endpoint holds at most its share of the workers: a healthy one gets every event meanwhile', async () => {
    const dead = await receiver();
    dead.respond = () => 'hang';
    const healthy = await receiver();
    const d = await endpointFor(dead);
    const h = await endpointFor(healthy);
    for (let i = 0; i < 10; i++) await sendTest(d.endpoint.id);
    const start = Date.now();
    for (let i = 0; i < 10; i++) await sendTest(h.endpoint.id);
    await healthy.waitFor((all) => all.length === 10, 10_000);
    // 10 dead deliveries at 1 s each with 2 slots would take 5 s: the healthy ones did not wait for them.
    expect(Date.now() - start).toBeLessThan(4000);
    // Never more than WEBHOOKS_ENDPOINT_CONCURRENCY (2) at once to the dead one.
    const starts = dead.received.map((r) => r.at).sort((a, b) => a - b);
    for (let i = 2; i < starts.length; i++) expect(starts[i]! - starts[i - 2]!).toBeGreaterThanOrEqual(900);
  });
});

describe('SSRF at delivery', () => {
  it('a name that resolves inside the network (DNS rebinding) or an inside address is refused on the socket, before any byte', async () => {
    const rx = await receiver();
    const port = new URL(rx.url).port;
    const sender = new WebhookSender({ timeoutMs: 2000, allowPrivate: false });
    try {
      const byName = await sender.post(`https://localhost:${port}/x`, {}, '{}');
      expect(byName).toMatchObject({ status: null, error: 'O endereço de localhost aponta para a rede interna: entrega recusada.' });
      const byAddress = await sender.post(`https://127.0.0.1:${port}/x`, {}, '{}');
      expect(byAddress).toMatchObject({ status: null, error: 'O endereço 127.0.0.1 é da rede interna: entrega recusada.' });
      expect(await sender.post(`http://93.184.215.14:${port}/x`, {}, '{}')).toMatchObject({ status: null, error: 'Só entregamos a URLs https://.' });
      expect(rx.received).toHaveLength(0);
    } finally {
      sender.close();
    }
  });
});

describe("the README's receiver (examples/webhooks/receptor.mjs)", () => {
  const file = fileURLToPath(new URL('../../../examples/webhooks/receptor.mjs', import.meta.url));

  it('is the code the README shows, and it accepts our deliveries and refuses a forged one', async () => {
    const readme = readFileSync(fileURLToPath(new URL('../../../README.md', import.meta.url)), 'utf8');
    expect(readme).toContain('```js\n' + readFileSync(file, 'utf8') + '```');
    const port = await getFreePort();
    const url = `http://127.0.0.1:${port}/webhooks`;
    const created = webhookNewSecretSchema.parse((await call('POST', '', { url, tipos: [] })).json());
    const child = spawn(process.execPath, [file], { env: { ...process.env, WEBHOOK_SECRET: created.segredo, PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    try {
      await until(async () => fetch(url, { method: 'POST', body: '{}' }).then((r) => r.status).catch(() => 0), (status) => status === 401);
      const sent = await sendTest(created.endpoint.id);
      await until(async () => out, (o) => o.includes(sent.eventoId));
      expect(out.trim()).toBe(`${sent.eventoId} webhook.teste {"mensagem":"Evento de teste do Legião.","endpointId":"${created.endpoint.id}"}`);
      const rows = await until(() => deliveries(created.endpoint.id), (r) => hasOne(r, 'entregue'));
      expect(rows[0]!.ultimoCodigo).toBe(204);
      // A delivery signed with another secret is refused (401).
      const forged = await fetch(url, { method: 'POST', headers: { 'webhook-id': 'evt_x', 'webhook-timestamp': String(Math.floor(Date.now() / 1000)), 'webhook-signature': 'v1,' + Buffer.alloc(32).toString('base64') }, body: '{}' });
      expect(forged.status).toBe(401);
    } finally {
      child.kill();
    }
  });
});

describe('metrics', () => {
  it('/api/metrics counts the attempts by result, the events written, the queue and the age of its oldest event', async () => {
    const rx = await receiver();
    rx.respond = () => new Promise((resolve) => setTimeout(() => resolve(200), 400));
    const { endpoint } = await endpointFor(rx);
    const metric = (body: string, name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(body)?.[1] ?? NaN);
    const scrape = async () => (await t.app.inject({ method: 'GET', url: '/api/metrics', headers: admin.headers })).body;
    const before = await scrape();
    await sendTest(endpoint.id);
    await sendTest(endpoint.id);
    const during = await scrape();
    expect(metric(during, 'legiao_webhook_queue_depth')).toBeGreaterThanOrEqual(2);
    expect(metric(during, 'legiao_webhook_oldest_pending_seconds')).toBeGreaterThanOrEqual(0);
    await until(() => deliveries(endpoint.id), (r) => r.every((d) => d.status === 'entregue'));
    const after = await scrape();
    const delivered = (b: string) => metric(b, 'legiao_webhook_deliveries_total\\{resultado="entregue"\\}');
    expect(delivered(after) - delivered(before)).toBe(2);
    expect(metric(after, 'legiao_webhook_deliveries_failed')).toBeGreaterThanOrEqual(0);
    expect(after).toMatch(/^legiao_webhook_events_written_total \d/m);
  });
});

describe('repair', () => {
  it('a pending delivery whose job pg-boss gave up on (crashes, database errors) is queued again', async () => {
    const rx = await receiver();
    rx.respond = () => 'hang';
    const { endpoint } = await endpointFor(rx);
    const sent = await sendTest(endpoint.id);
    await rx.waitFor((all) => all.length === 1);
    // As if the job's retries had been spent on crashes: pg-boss marks it failed, the row stays pending.
    const [row] = await t.prisma.$queryRaw<{ job_id: string }[]>`SELECT job_id::text FROM webhook_entrega WHERE id = ${sent.id}::uuid`;
    await t.prisma.$executeRawUnsafe(`UPDATE pgboss.job SET state = 'failed', completed_on = now() WHERE id = $1::uuid`, row!.job_id);
    rx.respond = 200;
    const repaired = await t.app.webhooks.dispatcher!.relay.repair();
    expect(repaired).toBeGreaterThanOrEqual(1);
    const rows = await until(() => deliveries(endpoint.id), (r) => hasOne(r, 'entregue'));
    expect(rows[0]!.eventoId).toBe(sent.eventoId);
  });
});
