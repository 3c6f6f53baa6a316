import type { FastifyInstance } from 'fastify';
import { MSG, MSG_LOGIN_LINK, onlyDigits, type LoginLinkResponse, type TokenResponse } from '@legiao/contracts';
import { badRequest, notFound } from '../../errors/app-error.js';
import { digest, newSecret } from '../../lib/secrets.js';
import { openSession } from '../auth/session.service.js';
import { checkLoginTicket, consumeLoginTicket } from '../fila/login-gate.js';
import { assertNotBlocked } from '../auth/auth.service.js';
import type { Prisma } from '../../generated/prisma/client.js';

/** The login page decodes `code` with atob: base64url without padding decodes there too. */
export const encodePhone = (phone: string) => Buffer.from(phone, 'utf8').toString('base64url');

/**
 * An operator's automatic login link for one member (e.g. for a chatbot conversation): single-use,
 * expiring, bound to the member's celular. Only the newest link of a member works. The secret is
 * kept only as its SHA-256 in token_conta (tipo login_automatico). docs/decisions/0010-social-login.md
 */
export async function issueLoginLink(
  app: FastifyInstance,
  input: { email?: string; cpf?: string; validadeMinutos?: number; beneficio?: string },
  adminId: string,
  /** Runs inside the issuing transaction (the back office's audit row). */
  inTransaction?: (tx: Prisma.TransactionClient, link: { usuarioId: string; expiraEm: Date }) => Promise<void>,
): Promise<LoginLinkResponse> {
  const { prisma, config } = app.ctx;
  const user = await prisma.usuario.findUnique({ where: input.email ? { email: input.email } : { cpf: input.cpf! } });
  if (!user || user.excluidoEm) throw notFound(MSG_LOGIN_LINK.contaNaoEncontrada);
  if (!user.ativo) throw badRequest(MSG_LOGIN_LINK.contaInativa, 'CONTA_INATIVA');
  if (!user.celular) throw badRequest(MSG_LOGIN_LINK.semCelular, 'SEM_CELULAR');

  const now = new Date();
  const expiresIn = new Date(now.getTime() + (input.validadeMinutos ?? config.loginLinkTtlMinutes) * 60_000);
  const secret = newSecret();
  await prisma.$transaction(async (tx) => {
    await tx.tokenConta.updateMany({ where: { usuarioId: user.id, tipo: 'login_automatico', usadoEm: null }, data: { usadoEm: now } });
    await tx.tokenConta.create({ data: { usuarioId: user.id, tipo: 'login_automatico', secretHash: digest(secret), expiraEm: expiresIn } });
    await inTransaction?.(tx, { usuarioId: user.id, expiraEm: expiresIn });
  });
  app.log.info({ admin: adminId, usuario: user.id, expiraEm: expiresIn }, 'login-link: link de acesso emitido');

  const url = new URL('/login', config.publicUrl);
  url.searchParams.set('hash', secret);
  url.searchParams.set('code', encodePhone(user.celular));
  if (input.beneficio) url.searchParams.set('beneficio', input.beneficio);
  return { url: url.toString(), expiraEm: expiresIn.toISOString() };
}

/** POST /auth/loginbywill: a live link whose celular matches opens a session, once. */
export async function loginByWill(app: FastifyInstance, input: { celular: string; hash: string; ticket?: string }, meta: { ip?: string; userAgent?: string }): Promise<TokenResponse> {
  const { prisma } = app.ctx;
  // Opening a session: the waiting room's admission is needed like at any login (ADR 0008).
  const admission = await checkLoginTicket(app, input.ticket);
  const invalid = () => badRequest(MSG.linkInvalido, 'LINK_INVALIDO');
  const token = await prisma.tokenConta.findUnique({ where: { secretHash: digest(input.hash) }, include: { usuario: { select: { ativo: true, celular: true, bloqueadoEm: true, motivoBloqueio: true } } } });
  if (!token || token.tipo !== 'login_automatico' || token.usadoEm || token.expiraEm <= new Date()) throw invalid();
  if (!token.usuario.ativo || !token.usuario.celular || token.usuario.celular !== onlyDigits(input.celular)) throw invalid();
  assertNotBlocked(token.usuario);
  await consumeLoginTicket(app, admission);
  // The conditional update makes the link single-use even when two requests race.
  const used = await prisma.tokenConta.updateMany({ where: { id: token.id, usadoEm: null }, data: { usadoEm: new Date() } });
  if (used.count !== 1) throw invalid();
  return openSession(app, token.usuarioId, meta);
}
