import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../src/db/migrate.js';
import { createPrisma } from '../src/db/prisma.js';
import { buildTestApp, type TestApp } from './support/app.js';
import { startOwnPostgres, type OwnPostgres } from './support/own-postgres.js';
import { createStaffByRole, type StaffSession } from './support/staff.js';
import { startReceiver, type Receiver } from './support/webhook-receiver.js';

// Webhooks while PostgreSQL goes away and comes back (issue 25; the faults rule of issue 23), on a
// server of this file's own: the back office's calls get the quick Portuguese 503 meanwhile; the
// relay's listener, pg-boss's pool and the worker come back by themselves (no restart), and every
// event written before the outage reaches the endpoint: none lost (duplicates allowed, counted).

let own: OwnPostgres;
let t: TestApp;
let admin: StaffSession;
let rx: Receiver;

beforeAll(async () => {
  own = await startOwnPostgres();
  await migrate(own.url);
  t = await buildTestApp({
    prisma: createPrisma(own.url, 6, 1000),
    env: { DATABASE_URL: own.url, WEBHOOKS_DELIVERY: 'true', WEBHOOKS_ALLOW_PRIVATE: 'true', WEBHOOKS_RETRY_DELAY_S: '1', WEBHOOKS_RETRY_MAX_S: '2', WEBHOOKS_TIMEOUT_MS: '2000' },
  });
  admin = (await createStaffByRole(t)).admin;
  rx = await startReceiver();
}, 90_000);
afterAll(async () => {
  await t?.close();
  await rx?.close();
  await own?.destroy();
}, 60_000);

const call = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
  t.app.inject({ method, url: `/api/admin/integracoes/webhooks${url}`, headers: admin.headers, ...(payload === undefined ? {} : { payload: payload as object }) });

describe('PostgreSQL stopped and started again under the deliveries', () => {
  it('answers 503 quickly while it is away, and every event written before reaches the endpoint after it returns', async () => {
    // Slow receiver: deliveries are still in flight when the database goes.
    rx.respond = () => new Promise((resolve) => setTimeout(() => resolve(200), 300));
    const created = await call('POST', '', { url: rx.url, tipos: [] });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().endpoint.id as string;
    const events: string[] = [];
    for (let i = 0; i < 30; i++) events.push((await call('POST', `/${id}/teste`)).json().eventoId);

    await rx.waitFor((all) => all.length >= 3);
    await own.stop();
    // Some were on their way, most still queued.
    expect(rx.received.length).toBeLessThan(events.length);
    const started = Date.now();
    const away = await call('GET', `/${id}/entregas`);
    expect(Date.now() - started).toBeLessThan(3000);
    expect(away.statusCode).toBe(503);
    expect(away.json().errors[0].code).toMatch(/^BANCO_/);
    expect(away.headers['retry-after']).toBeDefined();
    await new Promise((r) => setTimeout(r, 2000));
    await own.start();
    const back = Date.now();

    // Every event at least once, without restarting the app.
    await rx.waitFor((all) => events.every((e) => all.some((r) => r.headers['webhook-id'] === e)), 60_000).catch(async (err) => {
      const deliveries = await t.prisma.$queryRawUnsafe(`SELECT e.status::text, e.tentativas, e.job_id IS NOT NULL AS queued, j.state::text AS job, j.retry_count, j.start_after, j.started_on FROM webhook_entrega e LEFT JOIN pgboss.job j ON j.id = e.job_id WHERE e.endpoint_id = '${id}'::uuid ORDER BY e.criado_em`);
      console.log('unsent:', JSON.stringify(deliveries, null, 1), 'now', new Date().toISOString());
      throw err;
    });
    const received = rx.received.map((r) => String(r.headers['webhook-id']));
    const duplicates = received.length - new Set(received).size;
    console.log(`webhooks-outage: ${events.length} events, ${received.length} deliveries, ${duplicates} duplicates, all in ${Date.now() - back} ms after the return`);
    // The log agrees once the worker has written the last outcomes.
    await expect
      .poll(async () => (await t.prisma.webhookEntrega.groupBy({ by: ['status'], where: { endpointId: id }, _count: { _all: true } })).map((g) => [g.status, g._count._all]), { timeout: 30_000, interval: 200 })
      .toEqual([['entregue', 30]]);
    // And new events flow again.
    const after = (await call('POST', `/${id}/teste`)).json().eventoId;
    await rx.waitFor((all) => all.some((r) => r.headers['webhook-id'] === after), 15_000);
  }, 120_000);
});
