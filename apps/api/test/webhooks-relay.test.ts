import pino from 'pino';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { createPrisma, poolOf, type Db } from '../src/db/prisma.js';
import { WebhookDispatcher } from '../src/features/webhooks/dispatcher.js';
import { QUEUE, RELAY_SQL } from '../src/features/webhooks/relay.js';
import { scaleDatabase } from './support/api-process.js';
import { startReceiver, type Receiver } from './support/webhook-receiver.js';

// The relay beside a paused endpoint's backlog (docs/decisions/0046-webhook-throughput.md): 10,000
// deliveries held for a paused endpoint are never read by the relay's rounds, and a live endpoint's
// events go out meanwhile. On a database of this file's own.

let db: Awaited<ReturnType<typeof scaleDatabase>>;
let prisma: Db;
let pool: pg.Pool;
let rx: Receiver;
let dispatcher: WebhookDispatcher;

beforeAll(async () => {
  db = await scaleDatabase('webhooks_relay');
  prisma = createPrisma(db.url, 4);
  pool = poolOf(prisma);
  rx = await startReceiver();
}, 60_000);
afterAll(async () => {
  await dispatcher?.stop();
  await prisma?.$disconnect();
  await rx?.close();
  await db?.drop();
});

const sql = async <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) => (await pool.query<T>(text, values)).rows;
const endpoint = async (url: string, types: string[]) =>
  (await sql<{ id: string }>(`INSERT INTO webhook_endpoint (id, url, tipos, segredo, atualizado_em) VALUES (gen_random_uuid(), $1, $2, $3, now()) RETURNING id::text`, [url, types, 'whsec_' + Buffer.alloc(32, 9).toString('base64')]))[0]!.id;

describe('the relay and a paused endpoint', () => {
  it("reads none of a paused endpoint's 10,000 held deliveries: its plan starts from the live endpoints, and the others go out", async () => {
    const paused = await endpoint('https://pausado.example/hook', ['webhook.teste']);
    await sql(`SELECT webhook_publicar('webhook.teste', jsonb_build_object('i', i)) FROM generate_series(1, 10000) AS i`);
    await sql(`UPDATE webhook_endpoint SET pausado_em = now() AT TIME ZONE 'UTC', motivo_pausa = 'teste' WHERE id = $1`, [paused]);
    const live = await endpoint(rx.url, ['membro.ativado']);
    await sql(`SELECT webhook_publicar('membro.ativado', jsonb_build_object('i', i)) FROM generate_series(1, 20) AS i`);
    await sql('ANALYZE webhook_entrega');
    await sql('ANALYZE webhook_endpoint');

    // The plan, run for the live endpoint (the relay never asks for a paused one): its 20 are read
    // from the per-endpoint index, none of the 10,000 held.
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const { rows } = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, FORMAT TEXT) ${RELAY_SQL.replaceAll('$1', `'${live}'`).replace('$2', '500')}`);
      await client.query('ROLLBACK');
      const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
      expect(plan).toMatch(/Index Scan using webhook_entrega_a_enfileirar_idx on webhook_entrega[^\n]*\(actual [^)]*rows=20 loops=1\)/);
      expect(plan).toMatch(/Index Cond: \(\(endpoint_id >= '[0-9a-f-]+'::uuid\) AND \(endpoint_id <= '[0-9a-f-]+'::uuid\)\)/);
      expect(plan).not.toMatch(/Seq Scan on webhook_entrega/);
      expect(plan).not.toMatch(/Rows Removed by Filter/);
    } finally {
      client.release();
    }

    // Delivered while the 10,000 wait, untouched and without a job.
    const settings = loadConfig({ NODE_ENV: 'test', WEBHOOKS_ALLOW_PRIVATE: 'true' }).webhooks;
    dispatcher = new WebhookDispatcher({ connectionString: db.url, pool, settings, log: pino({ level: 'silent' }), site: { publicUrl: 'http://legiao.test', storeUrl: 'http://loja.legiao.test' } });
    await dispatcher.start();
    // Bounded by the wait, not timed: a speed is a benchmark's business (bench/webhooks.mjs).
    await rx.waitFor((all) => all.length === 20, 20_000);
    const [held] = await sql<{ n: number; with_job: number }>(
      `SELECT count(*)::int AS n, count(job_id)::int AS with_job FROM webhook_entrega WHERE endpoint_id = $1 AND status = 'pendente'`,
      [paused],
    );
    expect(held).toEqual({ n: 10_000, with_job: 0 });
    // The receiver has them before their outcomes are written (the recorder's next batch): wait for the rows.
    const delivered = async () => (await sql<{ n: number }>(`SELECT count(*)::int AS n FROM webhook_entrega WHERE endpoint_id = $1 AND status = 'entregue'`, [live]))[0]!.n;
    await expect.poll(delivered, { timeout: 10_000 }).toBe(20);
  }, 60_000);
});

describe('the privacy lane (ADR 0046)', () => {
  it('a consent change passes a launch backlog: delivered right after what was in flight, not after the 2,000 waiting', async () => {
    await dispatcher?.stop();
    await sql(`DELETE FROM webhook_endpoint`);
    // A slow endpoint (2 at once, 20 ms each) with 2,000 redemptions waiting, as on a launch day. Its
    // answers can be held: while the consent change is published and relayed, nothing is delivered,
    // so what may go before it is what pg-boss already held then, whatever the machine's load.
    const slow = await startReceiver();
    let release: () => void = () => {};
    let gate: Promise<void> | null = null;
    slow.respond = async () => {
      await gate;
      await new Promise((r) => setTimeout(r, 20));
      return 200;
    };
    try {
      await endpoint(slow.url, ['beneficio.resgatado', 'membro.atualizado']);
      await sql(`SELECT webhook_publicar('beneficio.resgatado', jsonb_build_object('resgateId', i)) FROM generate_series(1, 2000) AS i`);
      const settings = loadConfig({ NODE_ENV: 'test', WEBHOOKS_ALLOW_PRIVATE: 'true', WEBHOOKS_ENDPOINT_CONCURRENCY: '2' }).webhooks;
      dispatcher = new WebhookDispatcher({ connectionString: db.url, pool, settings, log: pino({ level: 'silent' }), site: { publicUrl: 'http://legiao.test', storeUrl: 'http://loja.legiao.test' } });
      await dispatcher.start();
      await slow.waitFor((all) => all.length >= 50, 20_000);
      gate = new Promise<void>((r) => (release = r));

      await sql(`SELECT webhook_publicar('membro.atualizado', jsonb_build_object('campos', jsonb_build_array('consentimentos.email')))`);
      // The relay hands it to pg-boss ahead of the older redemptions still waiting for a job...
      const laneJob = async () =>
        (await sql<{ job: string | null }>(`SELECT e.job_id::text AS job FROM webhook_entrega e JOIN evento ev ON ev.id = e.evento_id WHERE ev.tipo = 'membro.atualizado'`))[0]?.job ?? null;
      await expect.poll(laneJob, { timeout: 20_000 }).not.toBeNull();
      const [older] = await sql<{ n: number }>(`SELECT count(*)::int AS n FROM webhook_entrega WHERE status = 'pendente' AND job_id IS NULL`);
      expect(older!.n).toBeGreaterThan(1000);
      // ...so ahead of it only what pg-boss already held for the endpoint then (in flight or next in
      // line, a handful: the backlog waits in webhook_entrega), never the ~1,950 older ones.
      const [held] = await sql<{ n: number }>(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1 AND state IN ('created', 'active') AND id <> $2::uuid`, [
        QUEUE,
        await laneJob(),
      ]);
      const before = slow.received.length;
      release();
      const all = await slow.waitFor((r) => r.some((x) => JSON.parse(x.body).type === 'membro.atualizado'), 20_000);
      const position = all.findIndex((x) => JSON.parse(x.body).type === 'membro.atualizado');
      expect(held!.n).toBeLessThan(50);
      expect(position - before).toBeLessThanOrEqual(held!.n);
      const [lane] = await sql<{ prioridade: number }>(`SELECT e.prioridade FROM webhook_entrega e JOIN evento ev ON ev.id = e.evento_id WHERE ev.tipo = 'membro.atualizado'`);
      expect(lane!.prioridade).toBe(0);
    } finally {
      release();
      await dispatcher.stop();
      await slow.close();
    }
  }, 60_000);
});

