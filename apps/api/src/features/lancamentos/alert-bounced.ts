// A hard-bounced address stops getting launch alerts (docs/decisions/0049-launch-alert-waves.md,
// "Bounces that arrive later"). A late bounce with a 5.x.x status sets usuario.email_devolvido_em when
// the report's recipient is still the account's address (integracao/devolucoes.service.ts); a trigger
// clears it when the e-mail changes. The alert sender skips the account while the mark is recent: a
// mailbox that did not exist rarely comes back, but "mailbox full" or a policy refusal can heal, and a
// marketing e-mail is not worth bouncing again. Transactional mail (activation, login links) still goes.

export const BOUNCE_SUPPRESSION_DAYS = 90;

/** The alert row's `motivo` when the rule skips it (status `ignorado`). */
export const BOUNCED_EMAIL_REASON = `o e-mail do membro voltou (devolução definitiva) nos últimos ${BOUNCE_SUPPRESSION_DAYS} dias`;

/**
 * SQL: true while the account's address hard-bounced in the last 90 days. `alias` is the `usuario`
 * row's alias in the statement (the sender's CAS joins it as `u`).
 */
export const bouncedEmailSql = (alias: string) => `(${alias}.email_devolvido_em IS NOT NULL AND ${alias}.email_devolvido_em > now() - interval '${BOUNCE_SUPPRESSION_DAYS} days')`;
