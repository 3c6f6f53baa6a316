import type pg from 'pg';
import type { JobWithMetadata } from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import { classifyDatabaseFailure } from '../../db/unavailable.js';
import { recordAudit } from '../admin/audit/audit.service.js';
import type { DeliveryJob } from './relay.js';
import type { SendResult, WebhookSender } from './sender.js';
import { signedHeaders } from './signature.js';
import { memberBlock } from './member-block.js';

// One attempt at one delivery (docs/decisions/0042-webhooks.md), run by a pg-boss job. The job is
// the delivery's only while the row names it (job_id): a job the row no longer names (the endpoint
// was paused and resumed, the delivery was retried by hand, or it was already delivered) does nothing.
// 2xx: delivered. 410 Gone: the endpoint is paused (the delivery waits for its resume). Anything
// else, or no answer within the timeout: the attempt is written and the job fails, so pg-boss retries
// it with exponential backoff and jitter; after the last retry the delivery is marked failed (it can
// be retried or replayed from the back office). An endpoint failing for pauseAfterMs in a row is
// paused and the administrators are told by e-mail.

export interface DeliverySettings {
  pauseAfterMs: number;
}

export type Outcome = 'entregue' | 'nova-tentativa' | 'falhou' | 'pausado' | 'retida' | 'descartada';

export class RetryLater extends Error {}

/** Seconds an attempt's outcome is tried to be written while the database is away. */
const RECORD_TRIES = 30;

interface Row {
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
}

/** A time for SQL: the clock's, in the UTC timestamps the tables hold. */
const NOW = (i: number) => `($${i}::timestamptz AT TIME ZONE 'UTC')`;

export class DeliveryWorker {
  constructor(
    private readonly pool: pg.Pool,
    private readonly sender: WebhookSender,
    private readonly settings: DeliverySettings,
    private readonly clock: { now(): number },
    private readonly log: FastifyBaseLogger,
    private readonly onOutcome: (outcome: Outcome) => void = () => {},
    private readonly onPaused: () => void = () => {},
  ) {}

  /** Runs one job; throws RetryLater for pg-boss to retry it. */
  async run(job: JobWithMetadata<DeliveryJob>): Promise<Outcome> {
    const outcome = await this.attempt(job);
    this.onOutcome(outcome);
    if (outcome === 'nova-tentativa') throw new RetryLater('entrega falhou: nova tentativa agendada');
    return outcome;
  }

  private async attempt(job: JobWithMetadata<DeliveryJob>): Promise<Outcome> {
    const now = new Date(this.clock.now()).toISOString();
    const { rows } = await this.pool.query<Row>(
      `SELECT ev.id AS evento_id, ev.tipo, ev.versao, ev.dados, webhook_iso(ev.criado_em) AS evento_em,
              p.id AS endpoint_id, p.url, p.segredo, p.pausado_em IS NOT NULL AS pausado,
              CASE WHEN p.segredo_anterior_ate > ${NOW(3)} THEN p.segredo_anterior END AS anterior
         FROM webhook_entrega e JOIN evento ev ON ev.id = e.evento_id JOIN webhook_endpoint p ON p.id = e.endpoint_id
        WHERE e.id = $1 AND e.job_id = $2 AND e.status = 'pendente'`,
      [job.data.entregaId, job.id, now],
    );
    const row = rows[0];
    if (!row) return 'descartada';
    if (row.pausado) {
      // Paused while queued: the delivery waits, without a job, for the endpoint's resume.
      await this.pool.query('UPDATE webhook_entrega SET job_id = NULL WHERE id = $1 AND job_id = $2', [job.data.entregaId, job.id]);
      return 'retida';
    }
    const member = await memberBlock(this.pool, row.endpoint_id, row.evento_id); // ADR 0045: only where the endpoint asks
    const body = JSON.stringify({ type: row.tipo, version: row.versao, timestamp: row.evento_em, data: row.dados, ...(member && { membro: member }) });
    const secrets = row.anterior ? [row.segredo, row.anterior] : [row.segredo];
    const timestampS = Math.floor(this.clock.now() / 1000);
    const result = await this.sender.post(row.url, signedHeaders(secrets, row.evento_id, timestampS, body), body);
    const at = new Date(this.clock.now()).toISOString();
    // The attempt was made: its outcome is written even if the database is away for a while (tried
    // again every second, up to RECORD_TRIES), so a delivered event is not sent again for want of a
    // row saying so. Past that the job expires and is run again (at least once: a duplicate, counted).
    for (let tries = 1; ; tries++) {
      try {
        return await this.record(job, row, result, at);
      } catch (err) {
        if (!classifyDatabaseFailure(err) || tries >= RECORD_TRIES) throw err;
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    }
  }

  private async record(job: JobWithMetadata<DeliveryJob>, row: Row, result: SendResult, now: string): Promise<Outcome> {
    const ok = result.status !== null && result.status >= 200 && result.status < 300;
    const attempt = [job.data.entregaId, job.id, result.status, result.body, result.error, now];
    const written = `tentativas = tentativas + 1, ultimo_codigo = $3, ultima_resposta = $4, ultimo_erro = $5, ultima_tentativa_em = ${NOW(6)}`;
    if (ok) {
      await this.pool.query(`UPDATE webhook_entrega SET ${written}, status = 'entregue', entregue_em = ${NOW(6)} WHERE id = $1 AND job_id = $2`, attempt);
      await this.pool.query('UPDATE webhook_endpoint SET falhando_desde = NULL WHERE id = $1 AND falhando_desde IS NOT NULL', [row.endpoint_id]);
      return 'entregue';
    }
    if (result.status === 410) {
      await this.pool.query(`UPDATE webhook_entrega SET ${written}, job_id = NULL WHERE id = $1 AND job_id = $2`, attempt);
      await this.pause(row, 'O endpoint respondeu 410 (Gone): pausado até alguém retomá-lo.', now);
      return 'pausado';
    }
    const { rows } = await this.pool.query<{ falhando_ms: number }>(
      `UPDATE webhook_endpoint SET falhando_desde = coalesce(falhando_desde, ${NOW(2)}) WHERE id = $1
        RETURNING (extract(epoch FROM ${NOW(2)} - falhando_desde) * 1000)::float8 AS falhando_ms`,
      [row.endpoint_id, now],
    );
    const failingMs = rows[0]?.falhando_ms ?? 0;
    if (failingMs >= this.settings.pauseAfterMs) {
      await this.pool.query(`UPDATE webhook_entrega SET ${written}, job_id = NULL WHERE id = $1 AND job_id = $2`, attempt);
      const days = Math.round(this.settings.pauseAfterMs / 86_400_000);
      await this.pause(row, `Falhou por ${days >= 1 ? `${days} dias` : `${Math.round(this.settings.pauseAfterMs / 60_000)} minutos`} seguidos: pausado até alguém retomá-lo.`, now, true);
      return 'pausado';
    }
    const last = job.retryCount >= job.retryLimit;
    await this.pool.query(`UPDATE webhook_entrega SET ${written}${last ? `, status = 'falhou'` : ''} WHERE id = $1 AND job_id = $2`, attempt);
    return last ? 'falhou' : 'nova-tentativa';
  }

  /** Pauses the endpoint (once: a second worker finds it paused) with an audit row; tells the administrators when asked. */
  private async pause(row: Row, reason: string, now: string, tellAdmins = false) {
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
        if (tellAdmins) {
          const subject = 'Webhook pausado: o endpoint falhou por dias seguidos';
          const text = `O endpoint ${row.url} foi pausado. ${reason}\n\nAs entregas estão guardadas e saem quando ele for retomado em Integrações › Webhooks.`;
          await client.query(
            `INSERT INTO email_saida (id, para, assunto, texto, html, proxima_tentativa, criado_em)
             SELECT gen_random_uuid(), email, $1, $2, $3, ${NOW(4)}, ${NOW(4)} FROM usuario WHERE admin AND ativo AND excluido_em IS NULL AND bloqueado_em IS NULL`,
            [subject, text, `<p>${escapeHtml(text).replace(/\n/g, '<br>')}</p>`, now],
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

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
