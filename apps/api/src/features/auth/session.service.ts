import type { FastifyInstance } from 'fastify';
import type { TokenResponse } from '@legiao/contracts';

/** Opens a server-side session and signs the JWT that names it. */
export async function openSession(app: FastifyInstance, userId: string, meta: { ip?: string; userAgent?: string }): Promise<TokenResponse> {
  const { prisma, config } = app.ctx;
  const expiresIn = new Date(Date.now() + config.sessionTtlMs);
  const session = await prisma.sessao.create({
    data: { usuarioId: userId, expiraEm: expiresIn, ip: meta.ip?.slice(0, 64), userAgent: meta.userAgent?.slice(0, 300) },
  });
  const token = app.jwt.sign({ sub: userId, sid: session.id }, { expiresIn: Math.floor(config.sessionTtlMs / 1000) });
  return { token: { token, tipo: 'Bearer', expiraEm: expiresIn.toISOString() } };
}

export async function revokeSession(app: FastifyInstance, sessionId: string) {
  await app.ctx.prisma.sessao.updateMany({ where: { id: sessionId, revogadaEm: null }, data: { revogadaEm: new Date() } });
}

/** Ends every session of a member (optionally keeping one), e.g. after a password change. */
export async function revokeAllSessions(app: FastifyInstance, userId: string, exceptId?: string) {
  await app.ctx.prisma.sessao.updateMany({
    where: { usuarioId: userId, revogadaEm: null, ...(exceptId ? { id: { not: exceptId } } : {}) },
    data: { revogadaEm: new Date() },
  });
}
