import type { FastifyInstance } from 'fastify';
import { MSG, MSG_ALTERAR_EMAIL } from '@legiao/contracts';
import { badRequest, conflict } from '../../errors/app-error.js';
import { Prisma } from '../../db/prisma.js';
import type { Usuario } from '../../generated/prisma/client.js';
import { digest, newSecret } from '../../lib/secrets.js';
import { emailChangeConfirmMail, emailChangedNoticeMail } from '../mail/templates.js';
import { assertEmailAvailable } from './usuario.service.js';

/**
 * E-mail change (spec 001 section 2.10, wired): the new address gets a single-use link; the change
 * happens only when it is followed, and then the old address is told. docs/decisions/0011-data-rights.md
 */
export async function requestEmailChange(app: FastifyInstance, usuario: Usuario, novoEmail: string) {
  const { prisma, mailer, config } = app.ctx;
  if (novoEmail === usuario.email) throw badRequest(MSG_ALTERAR_EMAIL.mesmoEmail, 'MESMO_EMAIL');
  await assertEmailAvailable(app, novoEmail);
  const secret = newSecret();
  const now = new Date();
  await prisma.$transaction(async (tx) => {
    // Only the newest request's link works.
    await tx.alteracaoEmail.updateMany({ where: { usuarioId: usuario.id, usadoEm: null }, data: { usadoEm: now } });
    await tx.alteracaoEmail.create({
      data: { usuarioId: usuario.id, novoEmail, secretHash: digest(secret), expiraEm: new Date(now.getTime() + config.emailChangeTtlHours * 3600_000) },
    });
    await mailer.enqueue(tx, emailChangeConfirmMail(novoEmail, usuario.nome, `${config.publicUrl}/confirmar-email?q=${secret}`, config.emailChangeTtlHours));
  });
  mailer.kick();
  return { message: MSG_ALTERAR_EMAIL.linkEnviado, email: novoEmail };
}

export async function confirmEmailChange(app: FastifyInstance, hash: string) {
  const { prisma, mailer } = app.ctx;
  const invalid = () => badRequest(MSG.linkInvalido, 'LINK_INVALIDO');
  const pedido = await prisma.alteracaoEmail.findUnique({ where: { secretHash: digest(hash) }, include: { usuario: true } });
  if (!pedido || pedido.usadoEm || pedido.expiraEm <= new Date() || !pedido.usuario.ativo || pedido.usuario.excluidoEm) throw invalid();
  const { usuario, novoEmail } = pedido;
  try {
    await prisma.$transaction(async (tx) => {
      // The conditional update makes the link single-use even when two requests race.
      const used = await tx.alteracaoEmail.updateMany({ where: { id: pedido.id, usadoEm: null }, data: { usadoEm: new Date() } });
      if (used.count !== 1) throw invalid();
      // Unique again: somebody may have signed up with the address since the request.
      await tx.usuario.update({ where: { id: usuario.id }, data: { email: novoEmail } });
      // Links mailed to the old address must not outlive it.
      await tx.tokenConta.updateMany({ where: { usuarioId: usuario.id, usadoEm: null, tipo: { in: ['ativacao', 'recuperacao_senha'] } }, data: { usadoEm: new Date() } });
      await mailer.enqueue(tx, emailChangedNoticeMail(usuario.email, usuario.nome, novoEmail));
    });
  } catch (err) {
    if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002') throw conflict(MSG.emailJaCadastrado, 'EMAIL_JA_CADASTRADO');
    throw err;
  }
  mailer.kick();
  return { message: MSG_ALTERAR_EMAIL.emailAlterado, email: novoEmail };
}
