import { BOUNCE_MSG, type BounceResult } from '@legiao/contracts/integracao/devolucoes';
import type { SqlPool } from '../../db/prisma.js';
import { badRequest } from '../../errors/app-error.js';
import { bounceTokenNames, readBounceToken, type BounceMailbox, type BounceToken } from '../mail/bounce-address.js';
import { maskedDiagnostic, parseDsn, type Dsn, type DsnRecipient } from '../mail/dsn.js';

// A late bounce of a launch alert (docs/decisions/0049-launch-alert-waves.md, "Bounces that arrive
// later"): the DSN names the alert by the VERP address it was sent to; a failure with a 5.x.x status
// makes the alert `devolvido` and keeps the address out of launch alerts (usuario.email_devolvido_em,
// only when the report's recipient is still the account's address); a delay or a 4.x.x is written in
// the alert's `motivo` and the alert stays `enviado`. Anything that names no alert of ours is answered
// "ignorada" (202) so the relay does not retry it forever. Nothing personal is answered or logged.

export interface BounceOutcome extends BounceResult {
  /** For the log line: what kind of report it was (never an address). */
  kind: 'definitiva' | 'temporaria' | 'outra';
}

/** The recipient block that decides: a hard failure first, then a delay or temporary failure, then anything. */
function decisive(dsn: Dsn): { recipient: DsnRecipient; kind: BounceOutcome['kind'] } {
  const hard = dsn.recipients.find((r) => r.action === 'failed' && r.status.startsWith('5'));
  if (hard) return { recipient: hard, kind: 'definitiva' };
  const soft = dsn.recipients.find((r) => r.action === 'delayed' || r.action === 'failed' || r.status.startsWith('4'));
  if (soft) return { recipient: soft, kind: 'temporaria' };
  return { recipient: dsn.recipients[0]!, kind: 'outra' };
}

/** The alert the token was signed for, among the member's alerts whose launch id starts with its prefix. */
async function alertOf(pool: SqlPool, secret: string, token: BounceToken): Promise<{ launchId: string; status: string } | null> {
  const { rows } = await pool.query<{ lancamento_id: string; status: string }>({
    name: 'devolucao-aviso',
    text: `SELECT lancamento_id::text AS lancamento_id, status::text AS status FROM lancamento_aviso
           WHERE usuario_id = $1::uuid AND left(lancamento_id::text, 8) = $2`,
    values: [token.memberId, token.launchPrefix],
  });
  const row = rows.find((r) => bounceTokenNames(secret, token, r.lancamento_id));
  return row ? { launchId: row.lancamento_id, status: row.status } : null;
}

const ignored = (reason: string, kind: BounceOutcome['kind'] = 'outra'): BounceOutcome => ({ situacao: 'ignorada', motivo: reason, kind });

/** POST /api/integracao/v1/emails/devolucoes: reads the report and records what it says about its alert. */
export async function recordBounce(pool: SqlPool, opts: { mailbox?: BounceMailbox; secret: string }, raw: Buffer): Promise<BounceOutcome> {
  const dsn = await parseDsn(raw);
  if (!dsn) throw badRequest(BOUNCE_MSG.naoEDsn, 'DEVOLUCAO_INVALIDA');
  const { mailbox } = opts;
  if (!mailbox) return ignored(BOUNCE_MSG.semConfiguracao);
  const tokens = dsn.sentTo.map((address) => readBounceToken(mailbox, address)).filter((t): t is BounceToken => t !== null);
  if (tokens.length === 0) return ignored(BOUNCE_MSG.semEndereco);
  let found: { token: BounceToken; launchId: string; status: string } | null = null;
  for (const token of tokens) {
    const alert = await alertOf(pool, opts.secret, token);
    if (alert) {
      found = { token, ...alert };
      break;
    }
  }
  if (!found) return ignored(BOUNCE_MSG.naoConfere);

  const { recipient, kind } = decisive(dsn);
  if (kind === 'outra') return ignored(BOUNCE_MSG.entregue);
  if (found.status === 'devolvido') return ignored(BOUNCE_MSG.jaRegistrada, kind);
  // A bounce proves the relay had it: an alert recorded `incerto` (its sender died mid-send) is settled too.
  if (found.status !== 'enviado' && found.status !== 'incerto') return ignored(BOUNCE_MSG.naoEnviado, kind);

  const reason = maskedDiagnostic(`${kind === 'definitiva' ? 'devolvido' : 'atraso/falha temporária'}: ${recipient.status || 'sem status'} ${recipient.diagnostic ?? ''}`);
  const recipients = [recipient.finalRecipient, recipient.originalRecipient].filter((a): a is string => !!a).map((a) => a.toLowerCase());
  if (kind === 'definitiva') {
    // One statement: the alert (only from enviado/incerto: the same report twice finds it devolvido and
    // changes nothing), and the account's address when it is the one that bounced.
    const { rows } = await pool.query<{ changed: boolean }>({
      name: 'devolucao-definitiva',
      text: `WITH alert AS (
               UPDATE lancamento_aviso SET status = 'devolvido', devolvido_em = now(), motivo = $3, lote = NULL, lote_ate = NULL, atualizado_em = now()
               WHERE lancamento_id = $1::uuid AND usuario_id = $2::uuid AND status IN ('enviado', 'incerto')
               RETURNING usuario_id),
             account AS (
               UPDATE usuario u SET email_devolvido_em = now() FROM alert
               WHERE u.id = alert.usuario_id AND lower(u.email) = ANY($4::text[]))
             SELECT EXISTS (SELECT 1 FROM alert) AS changed`,
      values: [found.launchId, found.token.memberId, reason, recipients],
    });
    return rows[0]?.changed ? { situacao: 'registrada', motivo: BOUNCE_MSG.definitiva, kind } : ignored(BOUNCE_MSG.jaRegistrada, kind);
  }
  const { rowCount } = await pool.query({
    name: 'devolucao-temporaria',
    text: `UPDATE lancamento_aviso SET motivo = $3, atualizado_em = now()
           WHERE lancamento_id = $1::uuid AND usuario_id = $2::uuid AND status IN ('enviado', 'incerto') AND motivo IS DISTINCT FROM $3`,
    values: [found.launchId, found.token.memberId, reason],
  });
  return rowCount ? { situacao: 'registrada', motivo: BOUNCE_MSG.temporaria, kind } : ignored(BOUNCE_MSG.jaRegistrada, kind);
}
