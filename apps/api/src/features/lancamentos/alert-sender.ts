import { randomUUID } from 'node:crypto';
import type { Transporter } from 'nodemailer';
import type { SqlPool } from '../../db/prisma.js';
import type { MailSite } from '../mail/templates/index.js';
import { unsubscribeUrl } from '../consentimento/unsubscribe.js';
import { AlertMailCache, type AlertLaunch } from './alert-mail.js';
import { LAUNCH_COLUMNS, ensureAccess, ruleOf, type LaunchRow } from './lancamentos.service.js';
import { decide } from './rule-engine.js';

// Sends one wave's alerts (docs/decisions/0049-launch-alert-waves.md). Exactly once per member rests
// on the member's row (lancamento_aviso), not on the job: whoever runs the job (any process, a retry
// after a kill, two at once) moves each row through
//   reservado --claim (lote, lote_ate)--> reservado(mine) --CAS--> enviando --SMTP--> enviado | falhou | reservado (retry later)
// and every step is a conditional UPDATE on the row's state and this sender's claim. The CAS to
// `enviando` is the last write before SMTP: a row found `enviando` past its claim belonged to a sender
// that died while SMTP had it, and becomes `incerto` (maybe delivered), never sent again. A row still
// `reservado` past its claim was never handed to SMTP: any sender may take it.

const BATCH = 20;

export interface AlertSenderOptions {
  pool: SqlPool;
  transport: Transporter;
  from: string;
  site: MailSite;
  /** Signs the one-click unsubscribe address (RFC 8058). */
  secret: string;
  foundersUntil: Date;
  leaseMs: number;
  retryMs: number;
  maxAttempts: number;
  log: { warn: (obj: object, msg: string) => void; info: (obj: object, msg: string) => void };
}

export interface WaveOutcome {
  sent: number;
  skipped: number;
  failed: number;
  /** Put back for a later attempt (SMTP unreachable or a temporary refusal). */
  retrying: number;
}

/** SMTP's own verdict: a 5xx is a refusal for good (a bounce at submission); anything else may pass later. */
const permanent = (err: unknown) => ((err as { responseCode?: number }).responseCode ?? 0) >= 500;
const describe = (err: unknown) => String((err as Error).message ?? err).slice(0, 300);

export class LaunchAlertSender {
  private readonly mails: AlertMailCache;
  private stopping = false;

  constructor(private readonly opts: AlertSenderOptions) {
    this.mails = new AlertMailCache(opts.site);
  }

  /**
   * A graceful stop (SIGTERM, a deploy): no new claim and no new send; the send in flight finishes and
   * is recorded, and the rest of the claimed batch is released at once for the other processes (not
   * left to its claim's expiry).
   */
  stop() {
    this.stopping = true;
  }

  /** Rows whose sender died while SMTP had them (their claim ran out): maybe delivered, never again. */
  async settleStale(launchId: string): Promise<number> {
    const { rowCount } = await this.opts.pool.query(
      `UPDATE lancamento_aviso SET status = 'incerto', motivo = 'o envio foi interrompido com o e-mail no SMTP: pode ter chegado; não é reenviado', lote_ate = NULL, atualizado_em = now()
       WHERE lancamento_id = $1 AND status = 'enviando' AND lote_ate < now()`,
      [launchId],
    );
    return rowCount ?? 0;
  }

  /** Sends what is claimable in this wave until nothing is left to claim. */
  async sendWave(launchId: string, wave: number): Promise<WaveOutcome> {
    const outcome: WaveOutcome = { sent: 0, skipped: 0, failed: 0, retrying: 0 };
    const { pool } = this.opts;
    await this.settleStale(launchId);
    const launch = (await pool.query<LaunchRow>(`SELECT ${LAUNCH_COLUMNS} FROM lancamento_produto WHERE id = $1 AND status = 'publicado'`, [launchId])).rows[0];
    while (!this.stopping) {
      const lease = randomUUID();
      const { rows } = await pool.query<{ usuario_id: string }>(
        `UPDATE lancamento_aviso SET lote = $3, lote_ate = now() + $4 * interval '1 millisecond', atualizado_em = now()
         WHERE (lancamento_id, usuario_id) IN (
           SELECT lancamento_id, usuario_id FROM lancamento_aviso
           WHERE lancamento_id = $1 AND onda = $2 AND status = 'reservado' AND (lote_ate IS NULL OR lote_ate < now())
           ORDER BY usuario_id LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)
         RETURNING usuario_id::text AS usuario_id`,
        [launchId, wave, lease, this.opts.leaseMs],
      );
      if (rows.length === 0) return outcome;
      for (const { usuario_id: userId } of rows) {
        if (this.stopping) {
          await pool.query(`UPDATE lancamento_aviso SET lote = NULL, lote_ate = NULL WHERE lancamento_id = $1 AND lote = $2 AND status = 'reservado'`, [launchId, lease]);
          break;
        }
        if (!launch) {
          await this.skip(launchId, userId, lease, 'o lançamento não está mais publicado');
          outcome.skipped++;
          continue;
        }
        const result = await this.sendOne(launch, userId, lease);
        outcome[result]++;
      }
    }
    return outcome;
  }

  private async skip(launchId: string, userId: string, lease: string, reason: string) {
    await this.opts.pool.query(
      `UPDATE lancamento_aviso SET status = 'ignorado', motivo = $4, lote = NULL, lote_ate = NULL, atualizado_em = now()
       WHERE lancamento_id = $1 AND usuario_id = $2 AND lote = $3 AND status = 'reservado'`,
      [launchId, userId, lease, reason],
    );
  }

  private async sendOne(launch: LaunchRow, userId: string, lease: string): Promise<keyof WaveOutcome> {
    const { pool } = this.opts;
    // The rule is live: eligible when asking is not enough.
    const decision = await decide(pool, ruleOf(launch), { userId }, { now: new Date(), foundersUntil: this.opts.foundersUntil }, { launchId: launch.id });
    if (!decision?.eligible) {
      await this.skip(launch.id, userId, lease, 'não é mais elegível ao acesso antecipado');
      return 'skipped';
    }
    const code = decision.code ?? (await ensureAccess(pool, launch.id, userId));
    // The last write before SMTP, and the consent read in the same statement: a consent withdrawn up
    // to this moment skips the member (recorded), an account blocked or erased meanwhile too.
    const claimed = await pool.query<{ status: string; email: string; nome: string }>(
      `UPDATE lancamento_aviso a SET
         status = (CASE WHEN u.opt_in_email AND u.bloqueado_em IS NULL AND u.excluido_em IS NULL THEN 'enviando' ELSE 'ignorado' END)::status_aviso,
         motivo = CASE WHEN NOT u.opt_in_email THEN 'retirou o consentimento de e-mail' WHEN u.bloqueado_em IS NOT NULL THEN 'conta bloqueada' WHEN u.excluido_em IS NOT NULL THEN 'conta excluída' ELSE a.motivo END,
         tentativas = a.tentativas + (CASE WHEN u.opt_in_email AND u.bloqueado_em IS NULL AND u.excluido_em IS NULL THEN 1 ELSE 0 END),
         lote_ate = now() + $4 * interval '1 millisecond', atualizado_em = now()
       FROM usuario u
       WHERE u.id = a.usuario_id AND a.lancamento_id = $1 AND a.usuario_id = $2 AND a.lote = $3 AND a.status = 'reservado'
       RETURNING a.status::text AS status, u.email, u.nome`,
      [launch.id, userId, lease, this.opts.leaseMs],
    );
    const row = claimed.rows[0];
    // Cancelled meanwhile (DELETE .../aviso), or taken by another sender after our claim ran out.
    if (!row) return 'skipped';
    if (row.status !== 'enviando') return 'skipped';
    const mail = await this.mails.forMember(launch as AlertLaunch, { name: row.nome, code });
    try {
      await this.opts.transport.sendMail({
        from: this.opts.from,
        to: row.email,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        headers: {
          'List-Unsubscribe': `<${unsubscribeUrl(this.opts.site.publicUrl, this.opts.secret, userId)}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
      });
    } catch (err) {
      return this.failed(launch.id, userId, lease, err);
    }
    // Also over `incerto`: a slow send whose claim ran out was marked so by another sender, but it did go.
    await pool.query(
      `UPDATE lancamento_aviso SET status = 'enviado', enviado_em = now(), motivo = NULL, lote = NULL, lote_ate = NULL, atualizado_em = now()
       WHERE lancamento_id = $1 AND usuario_id = $2 AND lote = $3 AND status IN ('enviando', 'incerto')`,
      [launch.id, userId, lease],
    );
    return 'sent';
  }

  private async failed(launchId: string, userId: string, lease: string, err: unknown): Promise<keyof WaveOutcome> {
    const final = permanent(err);
    const { rows } = await this.opts.pool.query<{ status: string; tentativas: number }>(
      `UPDATE lancamento_aviso SET
         status = (CASE WHEN $4 OR tentativas >= $5 THEN 'falhou' ELSE 'reservado' END)::status_aviso,
         motivo = $6, lote = NULL,
         lote_ate = CASE WHEN $4 OR tentativas >= $5 THEN NULL ELSE now() + ($7 * power(2, tentativas - 1)) * interval '1 millisecond' END,
         atualizado_em = now()
       WHERE lancamento_id = $1 AND usuario_id = $2 AND lote = $3 AND status = 'enviando'
       RETURNING status::text AS status, tentativas`,
      [launchId, userId, lease, final, this.opts.maxAttempts, describe(err), this.opts.retryMs],
    );
    this.opts.log.warn({ err: describe(err), memberId: userId, attempts: rows[0]?.tentativas }, 'aviso de lançamento não enviado');
    return rows[0]?.status === 'falhou' ? 'failed' : 'retrying';
  }
}
