import type pg from 'pg';
import type { JobWithMetadata } from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import { classifyDatabaseFailure } from '../../db/unavailable.js';
import { recordAudit } from '../admin/audit/audit.service.js';
import { QUEUE, type DeliveryJob } from './relay.js';
import type { SendResult, WebhookSender } from './sender.js';
import { signedHeaders } from './signature.js';
import type { WebhookMemberBlock } from '@legiao/contracts/webhooks/catalogue';
import { memberBlock } from './member-block.js';
import { webhookPausedParts, type MailSite } from '../mail/templates.js';

// Attempts at deliveries (docs/decisions/0042-webhooks.md, 0046-webhook-throughput.md), carried by
// pg-boss jobs fetched in batches (pump.ts). A job is the delivery's only while the row names it
// (job_id): a job the row no longer names (the endpoint was paused and resumed, the delivery was
// retried by hand, or it was already delivered) does nothing. 2xx: delivered. 410 Gone: the endpoint
// is paused (the delivery waits for its resume). Anything else, or no answer within the timeout: the
// attempt is written and the job fails, so pg-boss retries it with exponential backoff and jitter;
// after the last retry the delivery is marked failed (retry or replay from the back office). An
// endpoint failing for pauseAfterMs in a row is paused and the administrators are told by e-mail.
// The rows of a batch are read in one statement and the outcomes written in a few per batch, not per
// delivery: at ~1,000 deliveries/s the round trips, not the HTTP, were the cost.

export interface DeliverySettings {
  pauseAfterMs: number;
}

export type Outcome = 'entregue' | 'nova-tentativa' | 'falhou' | 'pausado' | 'retida' | 'descartada';

export type Job = JobWithMetadata<DeliveryJob>;

/** Seconds an attempt's outcome is tried to be written while the database is away. */
const RECORD_TRIES = 30;

export interface Row {
  entrega_id: string;
  evento_id: string;
  tipo: string;
  versao: number;
  dados: Record<string, unknown>;
  evento_em: string;
  endpoint_id: string;
  url: string;
  segredo: string;
  anterior: string | null;
  pausado: boolean;
  /** The endpoint takes the member block (ADR 0045). */
  incluir_membro: boolean;
}

/** One attempt made, waiting for its outcome to be written. */
export interface Attempt {
  job: Job;
  row: Row;
  result: SendResult;
  /** ISO time of the answer (the clock's). */
  at: string;
}

/** A time for SQL: the clock's, in the UTC timestamps the tables hold. */
const NOW = (i: number) => `($${i}::timestamptz AT TIME ZONE 'UTC')`;

/** The request's body: the Standard Webhooks envelope of the event, with the member block when there is one (ADR 0045). */
export function requestBody(row: Row, member?: WebhookMemberBlock): string {
  return JSON.stringify({ type: row.tipo, version: row.versao, timestamp: row.evento_em, data: row.dados, ...(member && { membro: member }) });
}

export class DeliveryWorker {
  constructor(
    private readonly pool: pg.Pool,
    private readonly sender: WebhookSender,
    private readonly settings: DeliverySettings,
    private readonly clock: { now(): number },
    private readonly log: FastifyBaseLogger,
    /** Where the administrators' notice links to (PUBLIC_URL). */
    private readonly site: MailSite,
    private readonly onPaused: () => void = () => {},
  ) {}

  /** The rows of a batch of jobs, in one statement: a job whose row no longer names it is absent. */
  async load(jobs: Job[]): Promise<Map<string, Row>> {
    const now = new Date(this.clock.now()).toISOString();
    const { rows } = await this.pool.query<Row & { job_id: string }>(
      `SELECT e.id AS entrega_id, e.job_id, ev.id AS evento_id, ev.tipo, ev.versao, ev.dados, webhook_iso(ev.criado_em) AS evento_em,
              p.id AS endpoint_id, p.url, p.segredo, p.pausado_em IS NOT NULL AS pausado, p.incluir_membro,
              CASE WHEN p.segredo_anterior_ate > ${NOW(3)} THEN p.segredo_anterior END AS anterior
         FROM unnest($1::uuid[], $2::uuid[]) AS j(entrega, job)
         JOIN webhook_entrega e ON e.id = j.entrega AND e.job_id = j.job AND e.status = 'pendente'
         JOIN evento ev ON ev.id = e.evento_id JOIN webhook_endpoint p ON p.id = e.endpoint_id`,
      [jobs.map((j) => j.data.entregaId), jobs.map((j) => j.id), now],
    );
    return new Map(rows.map((r) => [r.job_id, r]));
  }

  /** Paused while queued: the deliveries wait, without a job, for the endpoint's resume. */
  async hold(jobs: Job[]): Promise<void> {
    if (!jobs.length) return;
    await this.pool.query('UPDATE webhook_entrega e SET job_id = NULL FROM unnest($1::uuid[], $2::uuid[]) AS j(entrega, job) WHERE e.id = j.entrega AND e.job_id = j.job', [
      jobs.map((j) => j.data.entregaId),
      jobs.map((j) => j.id),
    ]);
  }

  /**
   * Jobs fetched past their endpoint's cap go back to the queue as they were (pg-boss's own restore,
   * which its class does not expose: started_on cleared, so the next claim does not count a retry).
   */
  async restore(jobs: Job[]): Promise<void> {
    await this.pool.query(
      `UPDATE pgboss.job SET state = 'created', started_on = NULL, heartbeat_on = NULL, upsert_by_key = NULL WHERE name = $1 AND id = ANY($2::uuid[]) AND state = 'active'`,
      [QUEUE, jobs.map((j) => j.id)],
    );
  }

  /** One POST of one delivery, signed with every live secret. */
  async send(job: Job, row: Row): Promise<Attempt> {
    // Only endpoints that ask pay the member's read (and its read-log row), once per attempt.
    const member = row.incluir_membro ? await memberBlock(this.pool, row.endpoint_id, row.evento_id) : undefined;
    const body = requestBody(row, member);
    const secrets = row.anterior ? [row.segredo, row.anterior] : [row.segredo];
    const timestampS = Math.floor(this.clock.now() / 1000);
    const result = await this.sender.post(row.url, signedHeaders(secrets, row.evento_id, timestampS, body), body);
    return { job, row, result, at: new Date(this.clock.now()).toISOString() };
  }

  /**
   * Writes the outcomes of attempts made, a few statements for the whole batch. The attempts were
   * made: their outcomes are written even if the database is away for a while (tried again every
   * second, up to RECORD_TRIES), so a delivered event is not sent again for want of a row saying so.
   * Past that the jobs expire and are run again (at least once: a duplicate, counted by the bench).
   */
  async record(attempts: Attempt[]): Promise<Outcome[]> {
    for (let tries = 1; ; tries++) {
      try {
        return await this.recordOnce(attempts);
      } catch (err) {
        if (!classifyDatabaseFailure(err) || tries >= RECORD_TRIES) throw err;
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    }
  }

  private async recordOnce(attempts: Attempt[]): Promise<Outcome[]> {
    const outcomes = new Map<Attempt, Outcome>();
    const ok = attempts.filter((a) => a.result.status !== null && a.result.status >= 200 && a.result.status < 300);
    const gone = attempts.filter((a) => a.result.status === 410);
    const failed = attempts.filter((a) => !ok.includes(a) && !gone.includes(a));
    // Failures first: a success in the same batch then clears the endpoint's run of failures.
    if (failed.length) {
      const firstAt = new Map<string, string>();
      for (const a of failed) if (!firstAt.has(a.row.endpoint_id)) firstAt.set(a.row.endpoint_id, a.at);
      const { rows } = await this.pool.query<{ id: string; falhando_ms: number }>(
        `UPDATE webhook_endpoint p SET falhando_desde = coalesce(p.falhando_desde, v.at AT TIME ZONE 'UTC')
           FROM unnest($1::uuid[], $2::timestamptz[]) AS v(id, at) WHERE p.id = v.id
         RETURNING p.id::text, (extract(epoch FROM (v.at AT TIME ZONE 'UTC') - p.falhando_desde) * 1000)::float8 AS falhando_ms`,
        [[...firstAt.keys()], [...firstAt.values()]],
      );
      const failingMs = new Map(rows.map((r) => [r.id, r.falhando_ms]));
      const retried: Attempt[] = [];
      for (const a of failed) {
        if ((failingMs.get(a.row.endpoint_id) ?? 0) >= this.settings.pauseAfterMs) {
          await this.writeAttempts([a], ', job_id = NULL');
          const days = Math.round(this.settings.pauseAfterMs / 86_400_000);
          await this.pause(a.row, `Falhou por ${days >= 1 ? `${days} dias` : `${Math.round(this.settings.pauseAfterMs / 60_000)} minutos`} seguidos: pausado até alguém retomá-lo.`, a.at, true);
          outcomes.set(a, 'pausado');
        } else {
          retried.push(a);
          outcomes.set(a, a.job.retryCount >= a.job.retryLimit ? 'falhou' : 'nova-tentativa');
        }
      }
      await this.writeAttempts(retried, '', (a) => (outcomes.get(a) === 'falhou' ? 'falhou' : null));
    }
    for (const a of gone) {
      await this.writeAttempts([a], ', job_id = NULL');
      await this.pause(a.row, 'O endpoint respondeu 410 (Gone): pausado até alguém retomá-lo.', a.at);
      outcomes.set(a, 'pausado');
    }
    if (ok.length) {
      await this.writeAttempts(ok, `, entregue_em = v.at AT TIME ZONE 'UTC'`, () => 'entregue');
      await this.pool.query('UPDATE webhook_endpoint SET falhando_desde = NULL WHERE id = ANY($1::uuid[]) AND falhando_desde IS NOT NULL', [[...new Set(ok.map((a) => a.row.endpoint_id))]]);
      for (const a of ok) outcomes.set(a, 'entregue');
    }
    return attempts.map((a) => outcomes.get(a)!);
  }

  /** One UPDATE for many attempts (only rows that still name the job); `status` is each one's new status (null: unchanged). */
  private async writeAttempts(attempts: Attempt[], set: string, status: (a: Attempt) => 'entregue' | 'falhou' | null = () => null) {
    if (!attempts.length) return;
    await this.pool.query(
      `UPDATE webhook_entrega e SET tentativas = e.tentativas + 1, ultimo_codigo = v.code, ultima_resposta = v.body, ultimo_erro = v.error,
              ultima_tentativa_em = v.at AT TIME ZONE 'UTC'${set},
              status = coalesce(v.status::status_entrega_webhook, e.status)
         FROM unnest($1::uuid[], $2::uuid[], $3::int[], $4::text[], $5::text[], $6::timestamptz[], $7::text[]) AS v(id, job, code, body, error, at, status)
        WHERE e.id = v.id AND e.job_id = v.job`,
      [
        attempts.map((a) => a.job.data.entregaId),
        attempts.map((a) => a.job.id),
        attempts.map((a) => a.result.status),
        attempts.map((a) => a.result.body),
        attempts.map((a) => a.result.error),
        attempts.map((a) => a.at),
        attempts.map(status),
      ],
    );
  }

  /** Pauses the endpoint (once: a second worker finds it paused) with an audit row; tells the administrators when asked. */
  private async pause(row: Row, reason: string, now: string, tellAdmins = false) {
    // Rendered before the transaction (no row lock held while React renders); once for every administrator.
    const notice = tellAdmins ? await webhookPausedParts(row.endpoint_id, row.url, reason, this.site) : null;
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const { rowCount } = await client.query(`UPDATE webhook_endpoint SET pausado_em = ${NOW(2)}, motivo_pausa = $3, atualizado_em = ${NOW(2)} WHERE id = $1 AND pausado_em IS NULL`, [
        row.endpoint_id,
        now,
        reason,
      ]);
      if (rowCount) {
        await recordAudit(client, { actorId: null, action: 'webhooks.pausar', entity: 'webhook_endpoint', entityId: row.endpoint_id, before: null, after: { motivo: reason }, requestId: 'webhooks' });
        if (notice) {
          await client.query(
            `INSERT INTO email_saida (id, para, assunto, texto, html, proxima_tentativa, criado_em)
             SELECT gen_random_uuid(), email, $1, $2, $3, ${NOW(4)}, ${NOW(4)} FROM usuario WHERE admin AND ativo AND excluido_em IS NULL AND bloqueado_em IS NULL`,
            [notice.assunto, notice.texto, notice.html, now],
          );
        }
      }
      await client.query('COMMIT');
      if (rowCount) {
        this.log.warn({ endpoint: row.endpoint_id, reason }, 'webhooks: endpoint pausado');
        if (tellAdmins) this.onPaused();
      }
    } catch (err) {
      await client.query('ROLLBACK').catch(() => {});
      throw err;
    } finally {
      client.release();
    }
  }
}
