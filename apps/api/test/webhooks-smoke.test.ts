import { afterAll, beforeAll, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { buildTestApp, type TestApp } from './support/app.js';
import { createStaffByRole, type StaffSession } from './support/staff.js';
import { startReceiver, type Receiver } from './support/webhook-receiver.js';

let t: TestApp;
let admin: StaffSession;
let rx: Receiver;
beforeAll(async () => {
  t = await buildTestApp({ env: { WEBHOOKS_DELIVERY: 'true', WEBHOOKS_ALLOW_PRIVATE: 'true' } });
  admin = (await createStaffByRole(t)).admin;
  rx = await startReceiver();
});
afterAll(async () => {
  await t.close();
  await rx.close();
});

it('smoke: a test event is delivered and verifies with standardwebhooks', async () => {
  const res = await t.app.inject({ method: 'POST', url: '/api/admin/integracoes/webhooks', headers: admin.headers, payload: { url: rx.url, tipos: [] } });
  expect(res.statusCode, res.body).toBe(201);
  const { endpoint, segredo } = res.json();
  const sent = await t.app.inject({ method: 'POST', url: `/api/admin/integracoes/webhooks/${endpoint.id}/teste`, headers: admin.headers });
  expect(sent.statusCode, sent.body).toBe(202);
  const [got] = await rx.waitFor((all) => all.length >= 1);
  const payload = new Webhook(segredo).verify(got!.body, got!.headers as Record<string, string>);
  expect(payload).toMatchObject({ type: 'webhook.teste', version: 1 });
  const list = await t.app.inject({ method: 'GET', url: `/api/admin/integracoes/webhooks/${endpoint.id}/entregas`, headers: admin.headers });
  console.log(list.body);
});
