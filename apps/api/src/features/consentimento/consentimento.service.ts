import { CONSENT_CHANNELS, type ConsentChannel, type Consent, type ConsentOrigin } from '@legiao/contracts';
import type { Db } from '../../db/prisma.js';
import type { Prisma, Usuario } from '../../generated/prisma/client.js';

export type ConsentState = Record<ConsentChannel, boolean>;

/** An account starts with no consent given. */
export const NO_CONSENT: ConsentState = { email: false, sms: false, whatsapp: false };

export const consentsOf = (u: Pick<Usuario, 'optInEmail' | 'optInSms' | 'optInWhatsapp'>): ConsentState => ({
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
  userId: string,
  before: ConsentState,
  after: ConsentState,
  origin: ConsentOrigin,
  meta: ConsentMeta = {},
) {
  const createdAt = new Date(); // one moment for one change, whatever the row order
  const data = CONSENT_CHANNELS.filter((channel) => before[channel] !== after[channel]).map((channel) => ({
    usuarioId: userId,
    canal: channel,
    concedido: after[channel],
    origem: origin,
    ip: meta.ip?.slice(0, 64) ?? null,
    userAgent: meta.userAgent?.slice(0, 300) ?? null,
    criadoEm: createdAt,
  }));
  if (data.length > 0) await tx.consentimento.createMany({ data });
}

/**
 * The member's consent history, newest first. A change an integration reported names it
 * (`integracao`: the client's name, a revoked one's too; ADR 0045).
 */
export async function listConsents(prisma: Db | Prisma.TransactionClient, userId: string): Promise<Consent[]> {
  const rows = await prisma.consentimento.findMany({ where: { usuarioId: userId }, orderBy: [{ criadoEm: 'desc' }, { canal: 'asc' }] });
  const clientIds = [...new Set(rows.flatMap((r) => (r.clienteId ? [r.clienteId] : [])))];
  const clients = clientIds.length ? await prisma.clienteIntegracao.findMany({ where: { id: { in: clientIds } }, select: { id: true, nome: true } }) : [];
  const names = new Map(clients.map((c) => [c.id, c.nome]));
  return rows.map((r) => ({
    canal: r.canal,
    concedido: r.concedido,
    origem: r.origem,
    data: r.criadoEm.toISOString(),
    ip: r.ip,
    integracao: r.clienteId ? (names.get(r.clienteId) ?? null) : null,
  }));
}
