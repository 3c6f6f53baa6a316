import type { MemberConsents } from '@legiao/contracts/integracao/membros';

// The consents as every call that sends them out shows them (the CRM's member data, the sync, the
// member block of a webhook; docs/decisions/0045-crm-personal-data.md): each channel's current
// boolean (usuario.opt_in_*) with the moment of its last change, the newest row of the consent
// history (consentimento) for that channel. One definition, so the member call and the event block
// can never say different things about the same member.

/** Columns a query must select for consentsOf: the booleans and, from consentLastChangesJoin, the moments. */
export interface ConsentColumns {
  opt_in_email: boolean;
  opt_in_sms: boolean;
  opt_in_whatsapp: boolean;
  email_em: string | null;
  sms_em: string | null;
  whatsapp_em: string | null;
}

/** A LEFT JOIN LATERAL (alias `c`) giving c.email_em, c.sms_em, c.whatsapp_em for the account `alias`. */
export const consentLastChangesJoin = (alias: string): string => `
  LEFT JOIN LATERAL (
    SELECT max(h.criado_em) FILTER (WHERE h.canal = 'email') AS email_em,
           max(h.criado_em) FILTER (WHERE h.canal = 'sms') AS sms_em,
           max(h.criado_em) FILTER (WHERE h.canal = 'whatsapp') AS whatsapp_em
      FROM consentimento h WHERE h.usuario_id = ${alias}.id) c ON true`;

/** The select list's part for ConsentColumns (ISO 8601 in UTC, as every date of the integration). */
export const consentColumns = (alias: string): string =>
  `${alias}.opt_in_email, ${alias}.opt_in_sms, ${alias}.opt_in_whatsapp,
   webhook_iso(c.email_em) AS email_em, webhook_iso(c.sms_em) AS sms_em, webhook_iso(c.whatsapp_em) AS whatsapp_em`;

export const consentsOf = (r: ConsentColumns): MemberConsents => ({
  email: { concedido: r.opt_in_email, em: r.email_em },
  sms: { concedido: r.opt_in_sms, em: r.sms_em },
  whatsapp: { concedido: r.opt_in_whatsapp, em: r.whatsapp_em },
});
