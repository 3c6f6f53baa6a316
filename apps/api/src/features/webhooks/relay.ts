import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { PgBoss } from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import { classifyDatabaseFailure, OutageLog } from '../../db/unavailable.js';

// The relay of the transactional outbox (docs/decisions/0042-webhooks.md): deliveries are written by
// the event triggers, in the change's transaction, without a job; here they get one. The job is
// inserted through the same connection and transaction that marks the delivery with its id, so a
// delivery is queued exactly once whatever fails when (several processes relay at once: SKIP LOCKED).
// It polls every 200 ms (and is kicked in this process by a resume, a retry or a replay): the triggers
// no longer send a NOTIFY, whose commit lock made the members' commits go one at a time (migration
// 20261128192000, docs/decisions/0046-webhook-throughput.md).

export const QUEUE = 'webhook-entrega';
export const BATCH = 500;
const POLL_MS = 200;
const REPAIR_MS = 60_000;

// The live endpoints, with the jobs pg-boss holds for each that no process has taken yet.
const ROOM_SQL = `SELECT p.id::text, (SELECT count(*) FROM pgboss.job j WHERE j.name = $1 AND j.state = 'created' AND j.group_id = p.id::text)::int AS queued
  FROM webhook_endpoint p WHERE p.pausado_em IS NULL`;

// One live endpoint's oldest waiting deliveries, read from the per-endpoint index (migration
// 20261128191000). Written as a range (endpoint_id BETWEEN $1 AND $1) and ordered by
// (endpoint_id, criado_em) on purpose: with "endpoint_id = ... ORDER BY criado_em" the planner may
// take the pending index by time and filter out every held delivery of a paused endpoint (seen in
// test/webhooks-relay.test.ts: "Rows Removed by Filter: 10000"); this order only the per-endpoint
// indexes give, and the partial one is the smaller. A paused endpoint is never asked for.
// The privacy lane first (prioridade 0: a consent withdrawn, an account erased, migration
// 20261128215000), then by age: the index is (endpoint_id, prioridade, criado_em).
export const RELAY_SQL = `SELECT e.id, e.endpoint_id, e.prioridade FROM webhook_entrega e
  WHERE e.endpoint_id BETWEEN $1::uuid AND $1::uuid AND e.job_id IS NULL AND e.status = 'pendente'
  ORDER BY e.endpoint_id, e.prioridade, e.criado_em LIMIT $2 FOR UPDATE SKIP LOCKED`;

const RELAY_PRIVACY_SQL = RELAY_SQL.replace("e.status = 'pendente'", "e.status = 'pendente' AND e.prioridade = 0");

/** pg-boss hands out higher priorities first: the privacy lane's jobs also pass the queue it holds. */
export const jobPriority = (lane: number): number => (lane === 0 ? 1 : 0);

/** How the relay goes: the least time between two rounds and the most deliveries per endpoint in one. */
export interface Pace {
  spacingMs: number;
  perEndpoint: number;
}

export interface DeliveryJob {
  entregaId: string;
  /** The endpoint (also the job's group); absent on jobs queued before it was added. */
  endpointId?: string;
}

export class WebhookRelay {
  private poll?: NodeJS.Timeout;
  private repairTimer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private again = false;
  private lastRoundAt = Number.NEGATIVE_INFINITY;
  private stopped = false;
  private readonly outageLog = new OutageLog('webhooks: banco de dados indisponível; entregas enfileiradas quando ele voltar');

  constructor(
    private readonly pool: pg.Pool,
    private readonly boss: PgBoss,
    private readonly log: FastifyBaseLogger,
    private readonly onQueued: () => void = () => {},
    private readonly pace: () => Pace = () => ({ spacingMs: 0, perEndpoint: BATCH }),
  ) {}

  start() {
    this.poll = setInterval(() => this.kick(), POLL_MS);
    this.poll.unref();
    this.repairTimer = setInterval(() => void this.repair().catch(() => {}), REPAIR_MS);
    this.repairTimer.unref();
    this.kick();
  }

  /** Queue what is waiting, now (after a commit that wrote deliveries, or a resume). */
  kick() {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain()
      .catch((err) => {
        if (classifyDatabaseFailure(err)) this.outageLog.report(this.log, err);
        else this.log.error({ err }, 'webhooks: falha ao enfileirar entregas');
      })
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  /**
   * One round per kick (the pump kicks when its fetch came back short, the poll every 200 ms): pg-boss
   * holds only the next few jobs of each endpoint, the backlog waits here, where the per-endpoint
   * index reads it cheaply. A deep backlog of created jobs made every pg-boss fetch (ordered over the
   * whole queue, skipping the endpoints at their cap) the costliest statement (ADR 0046). While
   * members are being served (pace), one round per spacingMs at most: one round for many of their
   * commits costs the database less than one each (members first).
   */
  private async drain() {
    const { spacingMs, perEndpoint } = this.pace();
    const wait = this.lastRoundAt + spacingMs - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    if (this.stopped) return;
    this.lastRoundAt = performance.now();
    await this.relayOnce(perEndpoint);
  }

  /** One batch: tops up each live endpoint's untaken jobs to `perEndpoint` (new job ids on the deliveries, the jobs inserted), in one transaction. */
  async relayOnce(perEndpoint = BATCH): Promise<number> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      // Each live endpoint gets jobs up to perEndpoint not yet taken: the backlog stays here, read per
      // endpoint, and pg-boss's queue stays short (its fetch reads it in order, skipping the endpoints
      // at their cap, and its rows carry ~17 indexes; ADR 0046).
      const rows: { id: string; endpoint_id: string; prioridade: number }[] = [];
      for (const room of (await client.query<{ id: string; queued: number }>(ROOM_SQL, [QUEUE])).rows) {
        // A full room still takes the privacy lane's deliveries: pg-boss hands them out before the
        // jobs it holds (their priority), so they never wait for a launch's backlog to drain.
        const [sql, limit] = room.queued >= perEndpoint ? [RELAY_PRIVACY_SQL, perEndpoint] : [RELAY_SQL, perEndpoint - room.queued];
        rows.push(...(await client.query<{ id: string; endpoint_id: string; prioridade: number }>(sql, [room.id, limit])).rows);
      }
      if (rows.length > 0) {
        const jobs = rows.map((r) => ({
          id: randomUUID(),
          data: { entregaId: r.id, endpointId: r.endpoint_id } satisfies DeliveryJob,
          group: { id: r.endpoint_id },
          priority: jobPriority(r.prioridade),
        }));
        await client.query('UPDATE webhook_entrega e SET job_id = v.job FROM unnest($1::uuid[], $2::uuid[]) AS v(id, job) WHERE e.id = v.id', [
          rows.map((r) => r.id),
          jobs.map((j) => j.id),
        ]);
        await this.boss.insert(QUEUE, jobs, { db: { executeSql: (text, values) => client.query(text, values as unknown[]) } });
      }
      await client.query('COMMIT');
      if (rows.length) this.onQueued();
      return rows.length;
    } catch (err) {
      await client.query('ROLLBACK').catch(() => {});
      throw err;
    } finally {
      client.release();
    }
  }

  /**
   * A pending delivery whose job is no longer live (pg-boss gave up on it after its retries were
   * spent on crashes or database errors rather than answers, or deleted it) would wait forever: its
   * job id is cleared so the relay queues it again. Once a minute; answers how many.
   */
  async repair(): Promise<number> {
    const { rowCount } = await this.pool.query(
      `UPDATE webhook_entrega e SET job_id = NULL
        WHERE e.status = 'pendente' AND e.job_id IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM pgboss.job j WHERE j.id = e.job_id AND j.name = $1 AND j.state IN ('created', 'retry', 'active'))`,
      [QUEUE],
    );
    if (rowCount) {
      this.log.warn({ entregas: rowCount }, 'webhooks: entregas sem tarefa viva voltaram para a fila');
      this.kick();
    }
    return rowCount ?? 0;
  }

  async stop() {
    this.stopped = true;
    clearInterval(this.poll);
    clearInterval(this.repairTimer);
    await this.running;
  }
}
