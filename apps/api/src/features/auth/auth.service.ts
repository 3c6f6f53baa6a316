import type { FastifyInstance } from 'fastify';
import { fitsPasswordLimit, MSG } from '@legiao/contracts';
import { blockedAccountMessage } from '@legiao/contracts/admin/membros';
import { AppError, badRequest, forbidden, unauthenticated } from '../../errors/app-error.js';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../lib/passwords.js';
import { digest, isUuid, sameDigest } from '../../lib/secrets.js';
import { passwordResetMail } from '../mail/templates.js';
import { checkLoginTicket, consumeLoginTicket } from '../fila/login-gate.js';
import { issueAccountLink, RESET_TTL_MINUTES } from './account-links.js';
import { openSession, revokeAllSessions } from './session.service.js';

export async function login(app: FastifyInstance, email: string, password: string, meta: { ip?: string; userAgent?: string; ticket?: string }) {
  const { prisma, config } = app.ctx;
  // While the waiting room is on, only an admitted client may log in (ADR 0008).
  const admission = await checkLoginTicket(app, meta.ticket);
  // Brute force is limited per account (failed attempts), not per IP: members behind one NAT
  // don't lock each other out (issue 14, ADR 0023). Checked before the password, so the right
  // password doesn't get through a locked account either.
  if (await app.loginFailures.isLocked(email)) throw new AppError('RATE_LIMITED', MSG.muitasTentativas, 'RATE_LIMITED');
  // bcrypt would compare only the first 72 bytes, letting in any password that shares them with
  // an older, longer one. No password that long can be set any more; one that arrives here is a
  // wrong password, counted like any other, and never reaches bcrypt (ADR 0039). Checked before
  // the account is read, so the answer says nothing about the account.
  if (!fitsPasswordLimit(password)) {
    await app.loginFailures.record(email);
    throw unauthenticated(MSG.credenciaisInvalidas, 'CREDENCIAIS_INVALIDAS');
  }
  const user = await prisma.usuario.findUnique({ where: { email } });
  if (!user?.senhaHash) {
    await burnPasswordCheck(password, config.bcryptCost);
    await app.loginFailures.record(email);
    throw unauthenticated(MSG.credenciaisInvalidas, 'CREDENCIAIS_INVALIDAS');
  }
  if (!(await verifyPassword(password, user.senhaHash))) {
    await app.loginFailures.record(email);
    throw unauthenticated(MSG.credenciaisInvalidas, 'CREDENCIAIS_INVALIDAS');
  }
  await app.loginFailures.clear(email);
  // Only after the password matched, so this never tells a stranger that an e-mail exists.
  if (!user.ativo) throw forbidden(MSG.contaNaoAtivada, 'CONTA_NAO_ATIVADA');
  assertNotBlocked(user);
  await consumeLoginTicket(app, admission);
  return openSession(app, user.id, meta);
}

/**
 * A member blocked by staff opens no session, by any door (password, login link, social login), and
 * is told why (docs/decisions/0031-back-office-members.md). Checked after the credentials, so it
 * never tells a stranger anything.
 */
export function assertNotBlocked(user: { bloqueadoEm: Date | null; motivoBloqueio: string | null }) {
  if (user.bloqueadoEm) throw forbidden(blockedAccountMessage(user.motivoBloqueio), 'CONTA_BLOQUEADA');
}

/** Always ends quietly: whether the e-mail exists is never revealed (spec 001 section 2.7). */
export async function requestPasswordReset(app: FastifyInstance, email: string) {
  const { prisma, mailer, config } = app.ctx;
  const user = await prisma.usuario.findUnique({ where: { email } });
  if (!user) return;
  await prisma.$transaction(async (tx) => {
    const { code, secret } = await issueAccountLink(tx, user.id, 'recuperacao_senha');
    const url = `${config.publicUrl}/recuperar-senha?q=${code}&h=${secret}`;
    await mailer.enqueue(tx, await passwordResetMail(user.email, user.nome, url, RESET_TTL_MINUTES, config));
  });
  mailer.kick();
}

export async function confirmPasswordReset(app: FastifyInstance, code: string, hash: string, password: string) {
  const { prisma, config } = app.ctx;
  if (!isUuid(code)) throw badRequest(MSG.linkInvalido, 'LINK_INVALIDO');
  const token = await prisma.tokenConta.findUnique({ where: { id: code } });
  if (!token || token.tipo !== 'recuperacao_senha' || !sameDigest(token.secretHash, digest(hash)) || token.usadoEm || token.expiraEm <= new Date()) {
    throw badRequest(MSG.linkInvalido, 'LINK_INVALIDO');
  }
  const passwordHash = await hashPassword(password, config.bcryptCost);
  await prisma.$transaction(async (tx) => {
    // The conditional update makes the link single-use even when two requests race.
    const used = await tx.tokenConta.updateMany({ where: { id: token.id, usadoEm: null }, data: { usadoEm: new Date() } });
    if (used.count !== 1) throw badRequest(MSG.linkInvalido, 'LINK_INVALIDO');
    // Following an e-mailed link proves the address, so it also activates a pending account.
    await tx.usuario.update({ where: { id: token.usuarioId }, data: { senhaHash: passwordHash } });
    await tx.usuario.updateMany({ where: { id: token.usuarioId, ativo: false }, data: { ativo: true, ativadoEm: new Date() } });
  });
  await revokeAllSessions(app, token.usuarioId);
}
