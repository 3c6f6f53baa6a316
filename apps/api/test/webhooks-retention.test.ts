import pino from 'pino';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { WebhookRetention } from '../src/features/webhooks/retention.js';
import { scaleDatabase } from './support/api-process.js';

// Retention of the webhooks' history (docs/decisions/0046-webhook-throughput.md): back-dated events
// and deliveries on a database of this file's own; the retention's pass run by hand on a clock that
// says now.

const DAY = 86_400_000;
let db: Awaited<ReturnType<typeof scaleDatabase>>;
let pool: pg.Pool;

beforeAll(async () => {
  db = await scaleDatabase('webhooks_retention');
  pool = new pg.Pool({ connectionString: db.url, max: 4 });
}, 60_000);
afterAll(async () => {
  await pool?.end();
  await db?.drop();
});

const sql = async <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) => (await pool.query<T>(text, values)).rows;

/** `n` events tagged `tag` fanned out to every endpoint, back-dated `ageDays`; their deliveries set by `deliveries` (SQL SET). */
async function events(tag: string, n: number, ageDays: number, deliveries: string) {
  await sql(`SELECT webhook_publicar('webhook.teste', jsonb_build_object('tag', $1::text, 'i', i)) FROM generate_series(1, $2::int) AS i`, [tag, n]);
  await sql(`UPDATE evento SET criado_em = criado_em - make_interval(days => $2) WHERE dados->>'tag' = $1`, [tag, ageDays]);
  await sql(`UPDATE webhook_entrega e SET ${deliveries} FROM evento ev WHERE ev.id = e.evento_id AND ev.dados->>'tag' = $1`, [tag]);
}
const left = async (tag: string) =>
  (await sql<{ events: number; deliveries: number }>(
    `SELECT count(DISTINCT ev.id)::int AS events, count(e.id)::int AS deliveries FROM evento ev LEFT JOIN webhook_entrega e ON e.evento_id = ev.id WHERE ev.dados->>'tag' = $1`,
    [tag],
  ))[0]!;

describe('retention', () => {
  it('WEBHOOKS_RETENTION_DAYS is read at boot: 30 days by default, refused below 1', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).webhooks.retentionDays).toBe(30);
    expect(loadConfig({ NODE_ENV: 'test', WEBHOOKS_RETENTION_DAYS: '7' }).webhooks.retentionDays).toBe(7);
    expect(() => loadConfig({ NODE_ENV: 'test', WEBHOOKS_RETENTION_DAYS: '0' })).toThrow(/WEBHOOKS_RETENTION_DAYS/);
  });

  it('removes old events whose deliveries were all delivered long ago (in batches), and keeps every other', async () => {
    for (const url of ['https://a.example/hook', 'https://b.example/hook']) {
      await sql(`INSERT INTO webhook_endpoint (id, url, tipos, segredo, atualizado_em) VALUES (gen_random_uuid(), $1, '{}', 'whsec_x', now())`, [url]);
    }
    const delivered = (days: number) => `status = 'entregue', tentativas = 1, entregue_em = (now() AT TIME ZONE 'UTC') - make_interval(days => ${days})`;
    // More than one batch (500) of removable events, so the pass walks on.
    await events('old-delivered', 1200, 40, delivered(40));
    await events('old-one-pending', 3, 40, delivered(40));
    await sql(`UPDATE webhook_entrega SET status = 'pendente', entregue_em = NULL WHERE id IN (SELECT DISTINCT ON (e.evento_id) e.id FROM webhook_entrega e JOIN evento ev ON ev.id = e.evento_id WHERE ev.dados->>'tag' = 'old-one-pending')`);
    await events('old-failed', 3, 40, `status = 'falhou', tentativas = 16`);
    await events('old-delivered-lately', 3, 40, delivered(2));
    await events('recent-delivered', 3, 5, delivered(5));
    // An event whose endpoint was deleted has no delivery left: gone with the others.
    await sql(`INSERT INTO evento (id, tipo, dados, criado_em) VALUES ('evt_orphan', 'webhook.teste', '{"tag":"old-orphan"}', (now() AT TIME ZONE 'UTC') - interval '40 days')`);

    const retention = new WebhookRetention(pool, 30, { now: () => Date.now() }, pino({ level: 'silent' }));
    expect(await retention.pass(0)).toBe(1201);
    expect(await left('old-delivered')).toEqual({ events: 0, deliveries: 0 });
    expect(await left('old-orphan')).toEqual({ events: 0, deliveries: 0 });
    // One pending delivery keeps its event and the event's delivered one too.
    expect(await left('old-one-pending')).toEqual({ events: 3, deliveries: 6 });
    expect(await left('old-failed')).toEqual({ events: 3, deliveries: 6 });
    expect(await left('old-delivered-lately')).toEqual({ events: 3, deliveries: 6 });
    expect(await left('recent-delivered')).toEqual({ events: 3, deliveries: 6 });
    // On a clock 29 days ahead the line (a day ago) has passed the ones delivered 2 and 5 days ago:
    // removed; the one with a pending delivery is still kept.
    const later = new WebhookRetention(pool, 30, { now: () => Date.now() + 29 * DAY }, pino({ level: 'silent' }));
    expect(await later.pass(0)).toBe(6);
    expect(await left('old-delivered-lately')).toEqual({ events: 0, deliveries: 0 });
    expect(await left('recent-delivered')).toEqual({ events: 0, deliveries: 0 });
    expect(await left('old-one-pending')).toEqual({ events: 3, deliveries: 6 });
    expect(await left('old-failed')).toEqual({ events: 3, deliveries: 6 });
  }, 60_000);
});
