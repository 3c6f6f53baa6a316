import type pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import { PeriodicPass } from '../../lib/periodic-pass.js';

// Retention of the webhooks' history (docs/decisions/0046-webhook-throughput.md): an event older than
// WEBHOOKS_RETENTION_DAYS whose deliveries are all delivered before that line (or gone: its endpoint
// was deleted) is removed with them (the deliveries go by the foreign key's cascade). A pending or
// failed delivery keeps its event: it can still be sent, retried or replayed. In the background, in
// small batches with a pause between them (longer while members are being served), walking the events in order of creation from a cursor, so
// a pass reads each old event once even when many are kept (a paused endpoint's held deliveries).

const BATCH = 500;
const PAUSE_MS = 200;
/** Between two batches while members are being served (members first, ADR 0041/0046). */
const MEMBERS_PAUSE_MS = 2000;
const EVERY_MS = 3600_000;

const SQL = `
  WITH batch AS (
    SELECT id, criado_em FROM evento
     WHERE criado_em < $1::timestamptz AT TIME ZONE 'UTC' AND (criado_em, id) > ($2::timestamp, $3::text)
     ORDER BY criado_em, id LIMIT $4
  ), gone AS (
    DELETE FROM evento ev USING batch b
     WHERE ev.id = b.id
       AND NOT EXISTS (SELECT 1 FROM webhook_entrega e WHERE e.evento_id = ev.id
                        AND (e.status <> 'entregue' OR e.entregue_em >= $1::timestamptz AT TIME ZONE 'UTC'))
    RETURNING 1
  )
  SELECT (SELECT count(*) FROM batch)::int AS examined, (SELECT count(*) FROM gone)::int AS removed,
         last.criado_em::text AS last_at, last.id AS last_id
    FROM (SELECT NULL) AS one LEFT JOIN LATERAL (SELECT criado_em, id FROM batch ORDER BY criado_em DESC, id DESC LIMIT 1) last ON true`;

export class WebhookRetention {
  private readonly schedule: PeriodicPass;

  constructor(
    private readonly pool: pg.Pool,
    private readonly retentionDays: number,
    private readonly clock: { now(): number },
    private readonly log: FastifyBaseLogger,
    private readonly members: { readonly membersActive: boolean } | null = null,
  ) {
    // A first pass a minute after the start (not in the boot's rush), then every hour.
    this.schedule = new PeriodicPass(() => this.pass(), { firstAfterMs: 60_000, everyMs: EVERY_MS }, log, 'webhooks: falha ao apagar histórico antigo');
  }

  start() {
    this.schedule.start();
  }

  /** One pass over the events older than the line; answers how many were removed. */
  async pass(pauseMs = PAUSE_MS): Promise<number> {
    const line = new Date(this.clock.now() - this.retentionDays * 86_400_000).toISOString();
    let cursor: [string, string] = ['-infinity', ''];
    let removed = 0;
    while (!this.schedule.isStopped) {
      const { rows } = await this.pool.query<{ examined: number; removed: number; last_at: string | null; last_id: string | null }>(SQL, [line, cursor[0], cursor[1], BATCH]);
      const r = rows[0]!;
      removed += r.removed;
      if (r.examined < BATCH || !r.last_at) break;
      cursor = [r.last_at, r.last_id!];
      await new Promise((resolve) => setTimeout(resolve, this.members?.membersActive ? Math.max(pauseMs, MEMBERS_PAUSE_MS) : pauseMs));
    }
    if (removed) this.log.info({ eventos: removed }, 'webhooks: histórico antigo apagado');
    return removed;
  }

  stop() {
    return this.schedule.stop();
  }
}
