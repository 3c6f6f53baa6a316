import { LAUNCH_ALERT_MSG, type LaunchAlertRequest, type LaunchAlertState } from '@legiao/contracts/lancamentos-aviso';
import type { Db, SqlPool } from '../../db/prisma.js';
import { conflict, forbidden } from '../../errors/app-error.js';
import { consentsOf, recordConsentChanges, type ConsentMeta } from '../consentimento/consentimento.service.js';
import { decide, type RuleContext } from './rule-engine.js';
import { publishedLaunch, ruleOf } from './lancamentos.service.js';
import { saoPauloIso } from './time.js';

// "Avise-me" (issue 32 §1; docs/decisions/0049-launch-alert-waves.md): the member's request to be
// alerted by e-mail when their early access opens. One row per member and launch
// (lancamento_aviso); asking again changes nothing, cancelling keeps the row as `cancelado` (asking
// after that makes it `pedido` again). The alert itself is sent by the waves (alert-waves.ts).

/** A member's alerts for the launches listed, and their e-mail consent: one indexed read per list. */
export async function alertStates(pool: SqlPool, userId: string): Promise<{ emailConsent: boolean; byLaunch: Map<string, Date | null> }> {
  const { rows } = await pool.query<{ opt_in_email: boolean; avisos: { l: string; e: string | null }[] }>({
    name: 'lancamento-avisos-do-membro',
    text: `SELECT u.opt_in_email, COALESCE((SELECT json_agg(json_build_object('l', a.lancamento_id, 'e', a.enviado_em))
             FROM lancamento_aviso a WHERE a.usuario_id = u.id AND a.status <> 'cancelado'), '[]'::json) AS avisos
           FROM usuario u WHERE u.id = $1`,
    values: [userId],
  });
  const row = rows[0];
  return { emailConsent: row?.opt_in_email ?? false, byLaunch: new Map((row?.avisos ?? []).map((a) => [a.l, a.e ? new Date(a.e) : null])) };
}

export const alertStateOf = (launchId: string, states: { emailConsent: boolean; byLaunch: Map<string, Date | null> }): LaunchAlertState => {
  const asked = states.byLaunch.has(launchId);
  const sentAt = states.byLaunch.get(launchId) ?? null;
  return { pedido: asked, avisadoEm: sentAt ? saoPauloIso(sentAt) : null, emailConsentido: states.emailConsent };
};

async function stateFor(pool: SqlPool, launchId: string, userId: string): Promise<LaunchAlertState> {
  return alertStateOf(launchId, await alertStates(pool, userId));
}

/**
 * POST /api/lancamentos/{slug}/aviso. Only before the member's early access opens and for a member
 * eligible now (the rule is live: the wave checks again). Without the e-mail consent the request
 * must give it (`consentirEmail: true`): the consent and the request are one transaction, the consent
 * recorded in the history with origin `lancamento`.
 */
export async function askAlert(prisma: Db, pool: SqlPool, slug: string, userId: string, input: LaunchAlertRequest, ctx: RuleContext, meta: ConsentMeta): Promise<LaunchAlertState> {
  const launch = await publishedLaunch(pool, slug);
  if (ctx.now.getTime() >= launch.acesso_inicio.getTime()) throw conflict(LAUNCH_ALERT_MSG.jaAbriu, 'AVISO_JA_ABRIU');
  const decision = await decide(pool, ruleOf(launch), { userId }, ctx, { launchId: launch.id });
  if (!decision?.eligible) throw forbidden(LAUNCH_ALERT_MSG.semAcesso, 'AVISO_SEM_ACESSO');
  await prisma.$transaction(async (tx) => {
    // Locked: a profile change at the same moment must not interleave with the consent's history row.
    const [user] = await tx.$queryRaw<{ optInEmail: boolean; optInSms: boolean; optInWhatsapp: boolean }[]>`
      SELECT opt_in_email AS "optInEmail", opt_in_sms AS "optInSms", opt_in_whatsapp AS "optInWhatsapp" FROM usuario WHERE id = ${userId}::uuid FOR UPDATE`;
    if (!user!.optInEmail) {
      if (input.consentirEmail !== true) throw conflict(LAUNCH_ALERT_MSG.consentimentoNecessario, 'CONSENTIMENTO_EMAIL');
      await tx.usuario.update({ where: { id: userId }, data: { optInEmail: true } });
      await recordConsentChanges(tx, userId, consentsOf(user!), { ...consentsOf(user!), email: true }, 'lancamento', meta);
    }
    await tx.$executeRaw`
      INSERT INTO lancamento_aviso (lancamento_id, usuario_id) VALUES (${launch.id}::uuid, ${userId}::uuid)
      ON CONFLICT (lancamento_id, usuario_id) DO UPDATE SET status = 'pedido', pedido_em = now(), cancelado_em = NULL, atualizado_em = now()
      WHERE lancamento_aviso.status = 'cancelado'`;
  });
  return stateFor(pool, launch.id, userId);
}

/**
 * DELETE /api/lancamentos/{slug}/aviso: cancels while no sender has it (asked, or in a wave not yet
 * handed to SMTP); an alert already sent stays what it was. Cancelling what is not asked changes nothing.
 */
export async function cancelAlert(pool: SqlPool, slug: string, userId: string): Promise<LaunchAlertState> {
  const launch = await publishedLaunch(pool, slug);
  await pool.query({
    name: 'lancamento-aviso-cancelar',
    text: `UPDATE lancamento_aviso SET status = 'cancelado', cancelado_em = now(), atualizado_em = now(), lote = NULL, lote_ate = NULL
           WHERE lancamento_id = $1 AND usuario_id = $2 AND status IN ('pedido', 'reservado')`,
    values: [launch.id, userId],
  });
  return stateFor(pool, launch.id, userId);
}
