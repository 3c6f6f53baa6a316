import type { FastifyInstance } from 'fastify';
import type { TokenResponse } from '@legiao/contracts';

/** Opens a server-side session and signs the JWT that names it. */
export async function openSession(app: FastifyInstance, usuarioId: string, meta: { ip?: string; userAgent?: string }): Promise<TokenResponse> {
  const { prisma, config } = app.ctx;
  const expiraEm = new Date(Date.now() + config.sessionTtlMs);
  const sessao = await prisma.sessao.create({
    data: { usuarioId, expiraEm, ip: meta.ip?.slice(0, 64), userAgent: meta.userAgent?.slice(0, 300) },
  });
  const token = app.jwt.sign({ sub: usuarioId, sid: sessao.id }, { expiresIn: Math.floor(config.sessionTtlMs / 1000) });
  return { token: { token, tipo: 'Bearer', expiraEm: expiraEm.toISOString() } };
}

export async function revokeSession(app: FastifyInstance, sessaoId: string) {
  await app.ctx.prisma.sessao.updateMany({ where: { id: sessaoId, revogadaEm: null }, data: { revogadaEm: new Date() } });
}

/** Ends every session of a member (optionally keeping one), e.g. after a password change. */
export async function revokeAllSessions(app: FastifyInstance, usuarioId: string, exceptId?: string) {
  await app.ctx.prisma.sessao.updateMany({
    where: { usuarioId, revogadaEm: null, ...(exceptId ? { id: { not: exceptId } } : {}) },
    data: { revogadaEm: new Date() },
  });
}
