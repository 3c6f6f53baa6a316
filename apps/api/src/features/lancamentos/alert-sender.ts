import { randomUUID } from 'node:crypto';
import type { Transporter } from 'nodemailer';
import type { LaunchRule } from '@legiao/contracts/lancamentos';
import type { SqlPool } from '../../db/prisma.js';
import type { MailSite } from '../mail/templates/index.js';
import { unsubscribeUrl } from '../consentimento/unsubscribe.js';
import { alertEnvelope, type BounceMailbox } from '../mail/bounce-address.js';
import { BOUNCED_EMAIL_REASON, bouncedEmailSql } from './alert-bounced.js';
import { AlertMailCache, type AlertLaunch } from './alert-mail.js';
import { ensureAccesses } from './alert-access.js';
import { nextClaim, wavePace } from './alert-pacing.js';
import { LAUNCH_COLUMNS, ruleOf, type LaunchRow } from './lancamentos.service.js';
import { decideMany } from './rule-engine.js';

// Sends one wave's alerts (docs/decisions/0049-launch-alert-waves.md). Exactly once per member rests
// on the member's row (lancamento_aviso), not on the job: whoever runs the job (any process, a retry
// after a kill, two at once) moves each row through
//   reservado --claim (lote, lote_ate)--> reservado(mine) --CAS--> enviando --SMTP--> enviado | falhou | reservado (retry later)
// and every step is a conditional UPDATE on the row's state and this sender's claim. The CAS to
// `enviando` is the last write before SMTP: a row found `enviando` past its claim belonged to a sender
// that died while SMTP had it, and becomes `incerto` (maybe delivered), never sent again. A row still
// `reservado` past its claim was never handed to SMTP: any sender may take it. One alert at a time per
// sender, and the `enviado` of one rides in the statement of the next one's CAS (both or neither): a
// sender has at most one row `enviando` at any moment, the one SMTP has or has just accepted.
// Per claimed batch (≤ 20): the claim, the rule decided for all (with their codes), the codes missing
// made; per alert: one statement (CAS + the previous one's record) and SMTP.

const BATCH = 20;
/** Sent to: consent given, the account in good standing, its address not hard-bounced lately (alert-bounced.ts). */
const BOUNCED = bouncedEmailSql('u');
const SENDABLE = `u.opt_in_email AND u.bloqueado_em IS NULL AND u.excluido_em IS NULL AND NOT ${BOUNCED}`;

export interface AlertSenderOptions {
  pool: SqlPool;
  transport: Transporter;
  from: string;
  site: MailSite;
  /** Signs the one-click unsubscribe address (RFC 8058), the bounce address and the calendar link. */
  secret: string;
  /** EMAIL_DEVOLUCOES: each alert's envelope sender names it (VERP), so a later bounce finds its row; none: MAIL_FROM. */
  bounceMailbox?: BounceMailbox;
  foundersUntil: Date;
  leaseMs: number;
  retryMs: number;
  maxAttempts: number;
  /** ALERTAS_ONDA_S: a wave is spread over most of it (alert-pacing.ts). */
  waveIntervalMs: number;
  log: { warn: (obj: object, msg: string) => void; info: (obj: object, msg: string) => void };
}

export interface WaveOutcome {
  sent: number;
  skipped: number;
  failed: number;
  /** Put back for a later attempt (SMTP unreachable or a temporary refusal). */
  retrying: number;
}

/** What a job reads once: the launch (if still published) and its wave's size and age. */
interface WaveRow extends LaunchRow {
  tamanho: number | null;
  elapsed_ms: number | null;
  to_bound_ms: number | null;
}

/**
 * An alert SMTP accepted, recorded. Also over `incerto`: a slow send whose claim ran out was marked so
 * by another sender, but it did go.
 */
const SENT_SQL = `UPDATE lancamento_aviso SET status = 'enviado', enviado_em = now(), motivo = NULL, lote = NULL, lote_ate = NULL, atualizado_em = now()
   WHERE lancamento_id = $1 AND usuario_id = $2 AND lote = $3 AND status IN ('enviando', 'incerto')`;

/** SMTP's own verdict: a 5xx is a refusal for good (a bounce at submission); anything else may pass later. */
const permanent = (err: unknown) => ((err as { responseCode?: number }).responseCode ?? 0) >= 500;
const describe = (err: unknown) => String((err as Error).message ?? err).slice(0, 300);

export class LaunchAlertSender {
  private readonly mails: AlertMailCache;
  private stopping = false;
  /** Pacing waits, ended at once by stop(). */
  private readonly sleepers = new Set<() => void>();

  constructor(private readonly opts: AlertSenderOptions) {
    this.mails = new AlertMailCache(opts.site, opts.secret);
  }

  /**
   * A graceful stop (SIGTERM, a deploy): no new claim and no new send; the send in flight finishes and
   * is recorded, and the rest of the claimed batch is released at once for the other processes (not
   * left to its claim's expiry).
   */
  stop() {
    this.stopping = true;
    for (const wake of [...this.sleepers]) wake();
  }

  private sleep(ms: number) {
    return new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.sleepers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      this.sleepers.add(wake);
    });
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

  /**
   * Sends what is claimable in this wave until nothing is left to claim, paced (alert-pacing.ts): this
   * job is one of `copies` the planner queued for the wave, each sending its share over most of the
   * interval.
   */
  async sendWave(launchId: string, wave: number, copies = 1): Promise<WaveOutcome> {
    const outcome: WaveOutcome = { sent: 0, skipped: 0, failed: 0, retrying: 0 };
    const { pool } = this.opts;
    await this.settleStale(launchId);
    // The wave's age and the bound on the database's clock (the planner's), then this process's.
    const { rows } = await pool.query<WaveRow>(
      `SELECT ${LAUNCH_COLUMNS}, o.tamanho,
              (extract(epoch FROM now() - o.criada_em) * 1000)::float8 AS elapsed_ms,
              (extract(epoch FROM l.acesso_inicio + l.aviso_prazo_min * interval '1 minute' - o.criada_em) * 1000)::float8 AS to_bound_ms
         FROM lancamento_produto l LEFT JOIN lancamento_aviso_onda o ON o.lancamento_id = l.id AND o.numero = $2
        WHERE l.id = $1 AND l.status = 'publicado'`,
      [launchId, wave],
    );
    const launch = rows[0];
    const startedAt = performance.now();
    const pace =
      launch?.tamanho != null ? wavePace({ size: launch.tamanho, copies, intervalMs: this.opts.waveIntervalMs, msToBound: launch.to_bound_ms! }) : { perJob: 0, spreadMs: 0 };
    const elapsed = () => (launch?.elapsed_ms ?? 0) + performance.now() - startedAt;
    const rule = launch ? ruleOf(launch) : null;
    let taken = 0;
    while (!this.stopping) {
      const next = nextClaim(pace, elapsed(), taken, BATCH);
      if (next.take === 0) {
        await this.sleep(next.waitMs);
        continue;
      }
      const lease = randomUUID();
      const { rows: claimed } = await pool.query<{ usuario_id: string }>({
        name: 'aviso-reservar-lote',
        text: `UPDATE lancamento_aviso SET lote = $3, lote_ate = now() + $4 * interval '1 millisecond', atualizado_em = now()
               WHERE (lancamento_id, usuario_id) IN (
                 SELECT lancamento_id, usuario_id FROM lancamento_aviso
                 WHERE lancamento_id = $1 AND onda = $2 AND status = 'reservado' AND (lote_ate IS NULL OR lote_ate < now())
                 ORDER BY usuario_id LIMIT $5 FOR UPDATE SKIP LOCKED)
               RETURNING usuario_id::text AS usuario_id`,
        values: [launchId, wave, lease, this.opts.leaseMs, next.take],
      });
      if (claimed.length === 0) return outcome;
      taken += claimed.length;
      const ids = claimed.map((r) => r.usuario_id);
      if (!launch || !rule) {
        outcome.skipped += await this.skip(launchId, ids, lease, 'o lançamento não está mais publicado');
        continue;
      }
      const batch = await this.prepare(launch, rule, ids, lease, outcome);
      // Accepted by SMTP, its row still `enviando`: recorded `enviado` by the next CAS, in the same
      // statement, or at the end of the batch (before any pacing wait).
      let accepted: string | null = null;
      for (const [userId, code] of batch) {
        if (this.stopping) break;
        const result = await this.sendOne(launch, userId, code, lease, accepted);
        accepted = result === 'sent' ? userId : null;
        outcome[result]++;
      }
      if (accepted) await this.recordSent(launchId, accepted, lease);
      if (this.stopping) await pool.query(`UPDATE lancamento_aviso SET lote = NULL, lote_ate = NULL WHERE lancamento_id = $1 AND lote = $2 AND status = 'reservado'`, [launchId, lease]);
    }
    return outcome;
  }

  /**
   * The batch's decisions in one statement (the rule is live: eligible when asking is not enough),
   * the ineligible skipped in one more, and the codes the eligible lack made in one more (decideMany
   * already carries the codes that exist). Answers the members to send to, with their codes.
   */
  private async prepare(launch: LaunchRow, rule: LaunchRule, ids: string[], lease: string, outcome: WaveOutcome): Promise<Map<string, string>> {
    const decisions = await decideMany(this.opts.pool, rule, ids, { now: new Date(), foundersUntil: this.opts.foundersUntil }, { launchId: launch.id });
    const ready = new Map<string, string>();
    const lacking: string[] = [];
    const ineligible: string[] = [];
    // An account gone meanwhile has no decision: skipped too (its row goes with it anyway).
    for (const id of ids) {
      const d = decisions.get(id);
      if (!d?.eligible) ineligible.push(id);
      else if (d.code) ready.set(id, d.code);
      else lacking.push(id);
    }
    if (ineligible.length) outcome.skipped += await this.skip(launch.id, ineligible, lease, 'não é mais elegível ao acesso antecipado');
    if (lacking.length) for (const [id, code] of await ensureAccesses(this.opts.pool, launch.id, lacking)) ready.set(id, code);
    // In the claim's order (by member id), whatever had a code already.
    return new Map(ids.filter((id) => ready.has(id)).map((id) => [id, ready.get(id)!]));
  }

  private async skip(launchId: string, userIds: string[], lease: string, reason: string): Promise<number> {
    await this.opts.pool.query({
      name: 'aviso-ignorar-lote',
      text: `UPDATE lancamento_aviso SET status = 'ignorado', motivo = $4, lote = NULL, lote_ate = NULL, atualizado_em = now()
             WHERE lancamento_id = $1 AND usuario_id = ANY ($2::uuid[]) AND lote = $3 AND status = 'reservado'`,
      values: [launchId, userIds, lease, reason],
    });
    return userIds.length;
  }

  /**
   * One alert: the CAS to `enviando`, SMTP. `accepted`, the batch's previous member SMTP accepted, is
   * recorded `enviado` by the same statement as this CAS (one round trip, not two): a sender killed
   * at any point still has at most one row `enviando`, the one SMTP has or just accepted. 'sent'
   * leaves this member's row `enviando` for the caller to record the same way.
   */
  private async sendOne(launch: LaunchRow, userId: string, code: string, lease: string, accepted: string | null): Promise<keyof WaveOutcome> {
    // The last write before SMTP, and the consent read in the same statement: a consent withdrawn up
    // to this moment skips the member (recorded), an account blocked or erased meanwhile too.
    const claimed = await this.opts.pool.query<{ status: string; email: string; nome: string }>({
      name: 'aviso-enviando',
      text: `WITH anterior AS (${SENT_SQL.replace('$2', '$5::uuid')})
             UPDATE lancamento_aviso a SET
               status = (CASE WHEN ${SENDABLE} THEN 'enviando' ELSE 'ignorado' END)::status_aviso,
               motivo = CASE WHEN NOT u.opt_in_email THEN 'retirou o consentimento de e-mail' WHEN u.bloqueado_em IS NOT NULL THEN 'conta bloqueada' WHEN u.excluido_em IS NOT NULL THEN 'conta excluída' WHEN ${BOUNCED} THEN $6 ELSE a.motivo END,
               tentativas = a.tentativas + (CASE WHEN ${SENDABLE} THEN 1 ELSE 0 END),
               lote_ate = now() + $4 * interval '1 millisecond', atualizado_em = now()
             FROM usuario u
             WHERE u.id = a.usuario_id AND a.lancamento_id = $1 AND a.usuario_id = $2 AND a.lote = $3 AND a.status = 'reservado'
             RETURNING a.status::text AS status, u.email, u.nome`,
      values: [launch.id, userId, lease, this.opts.leaseMs, accepted, BOUNCED_EMAIL_REASON],
    });
    const row = claimed.rows[0];
    // Cancelled meanwhile (DELETE .../aviso), or taken by another sender after our claim ran out.
    if (!row) return 'skipped';
    if (row.status !== 'enviando') return 'skipped';
    const mail = await this.mails.forMember(launch as AlertLaunch, { id: userId, name: row.nome, code });
    try {
      await this.opts.transport.sendMail({
        from: this.opts.from,
        to: row.email,
        // The envelope sender names this alert (VERP, bounce-address.ts): a bounce that arrives later is matched to its row.
        envelope: alertEnvelope(this.opts.bounceMailbox, this.opts.secret, { launchId: launch.id, memberId: userId }, row.email),
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        // Base64, not nodemailer's quoted-printable for HTML with long lines: Node encodes it natively,
        // QP is a loop in JS over every byte; ~0.9 of the ~2.2 ms of CPU building each alert took.
        textEncoding: 'base64',
        headers: {
          'List-Unsubscribe': `<${unsubscribeUrl(this.opts.site.publicUrl, this.opts.secret, userId)}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
      });
    } catch (err) {
      return this.failed(launch.id, userId, lease, err);
    }
    return 'sent';
  }

  /** The batch's last alert SMTP accepted (no CAS after it to carry its record). */
  private async recordSent(launchId: string, userId: string, lease: string) {
    await this.opts.pool.query({ name: 'aviso-enviado', text: SENT_SQL, values: [launchId, userId, lease] });
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
