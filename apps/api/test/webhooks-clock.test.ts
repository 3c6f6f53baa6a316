import pino from 'pino';
import pg from 'pg';
import { TestClock } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { createPrisma, poolOf, type Db } from '../src/db/prisma.js';
import { minimumRetrySpanS, WebhookDispatcher } from '../src/features/webhooks/dispatcher.js';
import { scaleDatabase } from './support/api-process.js';
import { startReceiver, type Receiver } from './support/webhook-receiver.js';

// The retry schedule and the 5-day pause (issue 25 §2), on a controlled clock: pg-boss's TestClock
// drives the worker's polls and the database's job_now() alike, so four days of retries pass in
// seconds. The settings are the production defaults (60 s doubling to 12 h, 15 retries, pause after
// 120 h). On a database of this file's own.

const HOUR = 3600_000;
let db: Awaited<ReturnType<typeof scaleDatabase>>;
let prisma: Db;
let rx: Receiver;
let clock: TestClock;
let dispatcher: WebhookDispatcher;
const settings = loadConfig({ NODE_ENV: 'test', WEBHOOKS_ALLOW_PRIVATE: 'true' }).webhooks;

beforeAll(async () => {
  db = await scaleDatabase('webhooks_clock');
  prisma = createPrisma(db.url, 4);
  rx = await startReceiver();
  rx.respond = 500;
  clock = new TestClock(Date.now());
  dispatcher = new WebhookDispatcher({ connectionString: db.url, pool: poolOf(prisma), settings, log: pino({ level: 'silent' }), clock, site: { publicUrl: 'http://legiao.test', storeUrl: 'http://loja.legiao.test' } });
  await dispatcher.start();
}, 60_000);
afterAll(async () => {
  await dispatcher?.stop();
  await prisma?.$disconnect();
  await rx?.close();
  await db?.drop();
});

const sql = async <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) => (await poolOf(prisma).query<T>(text, values)).rows;

/** Ticks the clock a second at a time (polls fire) until `ok`, up to `limit` ticks. */
async function tickUntil(ok: () => Promise<boolean>, limit = 200) {
  for (let i = 0; i < limit; i++) {
    if (await ok()) return;
    await clock.tick(1000);
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('tickUntil: not reached');
}

/** The attempt is written, then its job settled (two statements): whether both happened for attempt n + 1. */
async function attempted(id: string, n: number) {
  const row = await delivery(id);
  if (row.tentativas <= n) return false;
  if (row.status !== 'pendente' || row.job_id === null) return true;
  const [job] = await sql<{ state: string }>(`SELECT state::text FROM pgboss.job WHERE id = $1`, [row.job_id]);
  return job?.state !== 'active';
}

async function delivery(id: string) {
  const [row] = await sql<{ status: string; tentativas: number; job_id: string | null }>('SELECT status::text, tentativas, job_id::text FROM webhook_entrega WHERE id = $1', [id]);
  return row!;
}

async function publish(endpointId: string): Promise<string> {
  await sql(`SELECT webhook_publicar('webhook.teste', jsonb_build_object('mensagem', 'relógio', 'endpointId', $1::text))`, [endpointId]);
  const [row] = await sql<{ id: string }>('SELECT id::text FROM webhook_entrega WHERE endpoint_id = $1 ORDER BY criado_em DESC, id LIMIT 1', [endpointId]);
  return row!.id;
}

describe('retries on a controlled clock', () => {
  let endpointId: string;

  it('the defaults retry at least 3 days: 15 retries, each delay between d·2^(n-1) and d·2^n (jitter), at most 12 h', async () => {
    expect(minimumRetrySpanS(settings)).toBeGreaterThanOrEqual(3 * 86_400);
    const [admin] = await sql<{ id: string }>(`INSERT INTO usuario (id, email, nome, ativo, admin, hash, data_atualizacao) VALUES (gen_random_uuid(), 'admin-relogio@legiao.test', 'Admin', true, true, gen_random_uuid(), now()) RETURNING id::text`);
    expect(admin).toBeDefined();
    const [ep] = await sql<{ id: string }>(`INSERT INTO webhook_endpoint (id, url, tipos, segredo, atualizado_em) VALUES (gen_random_uuid(), $1, '{}', $2, now()) RETURNING id::text`, [
      rx.url,
      'whsec_' + Buffer.alloc(32, 7).toString('base64'),
    ]);
    endpointId = ep!.id;
    const id = await publish(endpointId);
    const attempts: number[] = [];
    for (let n = 0; ; n++) {
      await tickUntil(() => attempted(id, n));
      attempts.push(clock.now());
      const row = await delivery(id);
      if (row.status === 'falhou') break;
      expect(row.status).toBe('pendente');
      const [job] = await sql<{ start_after: Date; retry_count: number }>(`SELECT start_after, retry_count FROM pgboss.job WHERE id = $1`, [row.job_id]);
      const delayS = (job!.start_after.getTime() - clock.now()) / 1000;
      const retry = n + 1;
      const low = Math.min(settings.retryMaxS, settings.retryDelayS * 2 ** (retry - 1));
      const high = Math.min(settings.retryMaxS, settings.retryDelayS * 2 ** retry);
      expect(delayS, `retry ${retry}`).toBeGreaterThanOrEqual(low - 2);
      expect(delayS, `retry ${retry}`).toBeLessThanOrEqual(high + 2);
      await clock.setTime(job!.start_after.getTime());
    }
    expect(attempts).toHaveLength(settings.retryLimit + 1);
    expect(rx.received).toHaveLength(settings.retryLimit + 1);
    const spanS = (attempts.at(-1)! - attempts[0]!) / 1000;
    expect(spanS).toBeGreaterThanOrEqual(3 * 86_400);
    // Under 5 days: the endpoint is still live, failing since the first attempt.
    const [endpoint] = await sql<{ pausado_em: Date | null; falhando_ms: number }>(
      `SELECT pausado_em, (extract(epoch FROM ($2::timestamptz AT TIME ZONE 'UTC') - falhando_desde) * 1000)::float8 AS falhando_ms FROM webhook_endpoint WHERE id = $1`,
      [endpointId, new Date(clock.now()).toISOString()],
    );
    expect(endpoint!.pausado_em).toBeNull();
    expect(endpoint!.falhando_ms).toBeCloseTo(spanS * 1000, -4);
  }, 120_000);

  it('failing for 5 days in a row pauses the endpoint, keeps the delivery for the resume and e-mails the administrators', async () => {
    const [{ failingSince }] = (await sql<{ failingSince: Date }>('SELECT falhando_desde AS "failingSince" FROM webhook_endpoint WHERE id = $1', [endpointId])) as [{ failingSince: Date }];
    const id = await publish(endpointId);
    // The relay queues it (on its own, polling in real time).
    for (let i = 0; (await delivery(id)).job_id === null; i++) {
      if (i > 200) throw new Error('not queued');
      await new Promise((r) => setTimeout(r, 25));
    }
    // Retries of the new event until the run of failures reaches 120 hours.
    for (let guard = 0; guard < 40; guard++) {
      const before = (await delivery(id)).tentativas;
      await tickUntil(() => attempted(id, before));
      const row = await delivery(id);
      if (row.job_id === null) break;
      const [job] = await sql<{ start_after: Date }>(`SELECT start_after FROM pgboss.job WHERE id = $1`, [row.job_id]);
      await clock.setTime(job!.start_after.getTime());
    }
    const [endpoint] = await sql<{ pausado_em: Date | null; motivo_pausa: string }>('SELECT pausado_em, motivo_pausa FROM webhook_endpoint WHERE id = $1', [endpointId]);
    expect(endpoint!.motivo_pausa).toBe('Falhou por 5 dias seguidos: pausado até alguém retomá-lo.');
    expect(endpoint!.pausado_em!.getTime() - failingSince.getTime()).toBeGreaterThanOrEqual(120 * HOUR);
    expect(endpoint!.pausado_em!.getTime() - failingSince.getTime()).toBeLessThan(120 * HOUR + 13 * HOUR);
    expect(await delivery(id)).toMatchObject({ status: 'pendente', job_id: null });
    const mails = await sql<{ para: string; assunto: string; texto: string }>('SELECT para, assunto, texto FROM email_saida');
    expect(mails).toEqual([{ para: 'admin-relogio@legiao.test', assunto: 'Webhook pausado: o endpoint falhou por dias seguidos', texto: expect.stringContaining(rx.url) }]);
    const audit = await sql<{ acao: string; autor_id: string | null }>(`SELECT acao, autor_id::text FROM auditoria WHERE entidade = 'webhook_endpoint' AND entidade_id = $1`, [endpointId]);
    expect(audit).toEqual([{ acao: 'webhooks.pausar', autor_id: null }]);
  }, 120_000);
});
