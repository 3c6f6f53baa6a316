import { createHmac } from 'node:crypto';
import type { Db } from '../../db/prisma.js';
import { purposeKey, sameBytes } from '../../lib/secrets.js';
import { consentsOf, recordConsentChanges, type ConsentMeta } from './consentimento.service.js';

// One-click unsubscribe for the marketing e-mails (RFC 8058; docs/decisions/0049-launch-alert-waves.md):
// the `List-Unsubscribe` address carries a token that names the account and is signed, so the POST a
// mail client sends (no session, no cookie) withdraws that account's e-mail consent and nobody else's.
// No expiry: an unsubscribe link must work in a mail read months later; it can only ever withdraw.

const PURPOSE = 'legiao-descadastro-email-v1';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const mac = (secret: string, userId: string) => createHmac('sha256', purposeKey(secret, PURPOSE)).update(`email:${userId}`).digest('base64url').slice(0, 32);

/** `<account id>.<signature>`: URL-safe as it is. */
export const unsubscribeToken = (secret: string, userId: string) => `${userId}.${mac(secret, userId)}`;

/** The account a token names, or null when it is not one this portal signed. */
export function verifyUnsubscribeToken(secret: string, token: string): string | null {
  const [userId, signature, extra] = token.split('.');
  if (extra !== undefined || !userId || !signature || !UUID.test(userId)) return null;
  return sameBytes(Buffer.from(signature), Buffer.from(mac(secret, userId))) ? userId : null;
}

/** The address for the `List-Unsubscribe` header. */
export const unsubscribeUrl = (publicUrl: string, secret: string, userId: string) => `${publicUrl}/api/descadastro/${unsubscribeToken(secret, userId)}`;

/**
 * Withdraws the account's e-mail consent (and sets the opt-out, as the profile does), recorded in the
 * history with origin `descadastro`. Already withdrawn or no account: nothing changes.
 */
export async function withdrawEmailConsent(prisma: Db, userId: string, meta: ConsentMeta): Promise<boolean> {
  return prisma.$transaction(async (tx) => {
    const [user] = await tx.$queryRaw<{ optInEmail: boolean; optInSms: boolean; optInWhatsapp: boolean }[]>`
      SELECT opt_in_email AS "optInEmail", opt_in_sms AS "optInSms", opt_in_whatsapp AS "optInWhatsapp" FROM usuario WHERE id = ${userId}::uuid FOR UPDATE`;
    if (!user?.optInEmail) return false;
    await tx.usuario.update({ where: { id: userId }, data: { optInEmail: false, optOut: true } });
    await recordConsentChanges(tx, userId, consentsOf(user), { ...consentsOf(user), email: false }, 'descadastro', meta);
    return true;
  });
}
