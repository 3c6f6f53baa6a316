import type { Prisma } from '../../generated/prisma/client.js';
import { digest, newSecret } from '../../lib/secrets.js';

export const ACTIVATION_TTL_HOURS = 48;
export const RESET_TTL_MINUTES = 60;

/**
 * Creates a single-use link token and invalidates the older unused ones of the same kind, so only
 * the newest e-mailed link works. Returns the id (public code) and the secret (only in the mail).
 */
export async function issueAccountLink(tx: Prisma.TransactionClient, userId: string, kind: 'ativacao' | 'recuperacao_senha') {
  const now = new Date();
  await tx.tokenConta.updateMany({ where: { usuarioId: userId, tipo: kind, usadoEm: null }, data: { usadoEm: now } });
  const secret = newSecret();
  const ttl = kind === 'ativacao' ? ACTIVATION_TTL_HOURS * 3600_000 : RESET_TTL_MINUTES * 60_000;
  const token = await tx.tokenConta.create({
    data: { usuarioId: userId, tipo: kind, secretHash: digest(secret), expiraEm: new Date(now.getTime() + ttl) },
  });
  return { code: token.id, secret };
}
