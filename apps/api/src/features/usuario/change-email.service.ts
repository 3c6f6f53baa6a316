import type { FastifyInstance } from 'fastify';
import { MSG, MSG_CHANGE_EMAIL } from '@legiao/contracts';
import { badRequest, conflict } from '../../errors/app-error.js';
import { Prisma } from '../../db/prisma.js';
import type { Usuario } from '../../generated/prisma/client.js';
import { digest, newSecret } from '../../lib/secrets.js';
import { emailChangeConfirmMail, emailChangedNoticeMail } from '../mail/templates.js';
import { applyPendingOrders, applyPendingOrdersAfterCommit } from '../compra/store-orders.js';
import { sqlInTx } from '../compra/verified-purchases.js';
import { assertEmailAvailable } from './usuario.service.js';

/**
 * E-mail change (spec 001 section 2.10, wired): the new address gets a single-use link; the change
 * happens only when it is followed, and then the old address is told. docs/decisions/0011-data-rights.md
 */
export async function requestEmailChange(app: FastifyInstance, user: Usuario, newEmail: string) {
  const { prisma, mailer, config } = app.ctx;
  if (newEmail === user.email) throw badRequest(MSG_CHANGE_EMAIL.mesmoEmail, 'MESMO_EMAIL');
  await assertEmailAvailable(app, newEmail);
  const secret = newSecret();
  const now = new Date();
  await prisma.$transaction(async (tx) => {
    // Only the newest request's link works.
    await tx.alteracaoEmail.updateMany({ where: { usuarioId: user.id, usadoEm: null }, data: { usadoEm: now } });
    await tx.alteracaoEmail.create({
      data: { usuarioId: user.id, novoEmail: newEmail, secretHash: digest(secret), expiraEm: new Date(now.getTime() + config.emailChangeTtlHours * 3600_000) },
    });
    await mailer.enqueue(tx, await emailChangeConfirmMail(newEmail, user.nome, `${config.publicUrl}/confirmar-email?q=${secret}`, config.emailChangeTtlHours, config));
  });
  mailer.kick();
  return { message: MSG_CHANGE_EMAIL.linkEnviado, email: newEmail };
}

export async function confirmEmailChange(app: FastifyInstance, hash: string) {
  const { prisma, mailer, config } = app.ctx;
  const invalid = () => badRequest(MSG.linkInvalido, 'LINK_INVALIDO');
  const request = await prisma.alteracaoEmail.findUnique({ where: { secretHash: digest(hash) }, include: { usuario: true } });
  if (!request || request.usadoEm || request.expiraEm <= new Date() || !request.usuario.ativo || request.usuario.excluidoEm) throw invalid();
  const { usuario: user, novoEmail: newEmail } = request;
  const buyer = { id: user.id, email: newEmail, cpf: user.cpf };
  try {
    await prisma.$transaction(async (tx) => {
      // The conditional update makes the link single-use even when two requests race.
      const used = await tx.alteracaoEmail.updateMany({ where: { id: request.id, usadoEm: null }, data: { usadoEm: new Date() } });
      if (used.count !== 1) throw invalid();
      // Unique again: somebody may have signed up with the address since the request.
      await tx.usuario.update({ where: { id: user.id }, data: { email: newEmail } });
      // Links mailed to the old address must not outlive it.
      await tx.tokenConta.updateMany({ where: { usuarioId: user.id, usadoEm: null, tipo: { in: ['ativacao', 'recuperacao_senha'] } }, data: { usadoEm: new Date() } });
      await mailer.enqueue(tx, await emailChangedNoticeMail(user.email, user.nome, newEmail, config));
      // The address is proven now: the store's orders kept for it become the member's (ADR 0041).
      await applyPendingOrders(sqlInTx(tx), buyer);
    });
  } catch (err) {
    if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002') throw conflict(MSG.emailJaCadastrado, 'EMAIL_JA_CADASTRADO');
    throw err;
  }
  mailer.kick();
  await applyPendingOrdersAfterCommit(prisma, buyer, (err) => app.log.error({ err }, 'pedidos pendentes da loja: não aplicados após a troca de e-mail'));
  return { message: MSG_CHANGE_EMAIL.emailAlterado, email: newEmail };
}
