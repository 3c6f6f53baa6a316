import { CANAIS_CONSENTIMENTO, type CanalConsentimento, type Consentimento, type OrigemConsentimento } from '@legiao/contracts';
import type { Db } from '../../db/prisma.js';
import type { Prisma, Usuario } from '../../generated/prisma/client.js';

export type EstadoConsentimento = Record<CanalConsentimento, boolean>;

/** An account starts with no consent given. */
export const SEM_CONSENTIMENTO: EstadoConsentimento = { email: false, sms: false, whatsapp: false };

export const consentsOf = (u: Pick<Usuario, 'optInEmail' | 'optInSms' | 'optInWhatsapp'>): EstadoConsentimento => ({
  email: u.optInEmail,
  sms: u.optInSms,
  whatsapp: u.optInWhatsapp,
});

export interface ConsentMeta {
  ip?: string;
  userAgent?: string;
}

/**
 * Writes one history row per channel whose consent changed (given or withdrawn), in the caller's
 * transaction, so the history and the account's flags can never disagree. docs/decisions/0011-data-rights.md
 */
export async function recordConsentChanges(
  tx: Prisma.TransactionClient,
  usuarioId: string,
  antes: EstadoConsentimento,
  depois: EstadoConsentimento,
  origem: OrigemConsentimento,
  meta: ConsentMeta = {},
) {
  const criadoEm = new Date(); // one moment for one change, whatever the row order
  const data = CANAIS_CONSENTIMENTO.filter((canal) => antes[canal] !== depois[canal]).map((canal) => ({
    usuarioId,
    canal,
    concedido: depois[canal],
    origem,
    ip: meta.ip?.slice(0, 64) ?? null,
    userAgent: meta.userAgent?.slice(0, 300) ?? null,
    criadoEm,
  }));
  if (data.length > 0) await tx.consentimento.createMany({ data });
}

/** The member's consent history, newest first. */
export async function listConsents(prisma: Db | Prisma.TransactionClient, usuarioId: string): Promise<Consentimento[]> {
  const rows = await prisma.consentimento.findMany({ where: { usuarioId }, orderBy: [{ criadoEm: 'desc' }, { canal: 'asc' }] });
  return rows.map((r) => ({ canal: r.canal, concedido: r.concedido, origem: r.origem, data: r.criadoEm.toISOString(), ip: r.ip }));
}
