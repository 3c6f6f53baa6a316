import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { deletedAccountEmail, DELETION_RECENT_LOGIN_MINUTES, MSG_LGPD, DELETED_ACCOUNT_NAME } from '@legiao/contracts';
import { badRequest, forbidden } from '../../errors/app-error.js';
import type { Prisma, Usuario } from '../../generated/prisma/client.js';
import { verifyPassword } from '../../lib/passwords.js';
import { consentsOf, recordConsentChanges, NO_CONSENT } from '../consentimento/consentimento.service.js';
import { scrubMemberEvents } from '../webhooks/member-erasure.js';

/**
 * DELETE /usuario (LGPD Art. 18 VI): the member confirms with the password, or, for a social account
 * (no password), with a session opened in the last 15 minutes; then the account is anonymised.
 */
export async function deleteAccount(app: FastifyInstance, user: Usuario, sessionId: string, password: string | undefined) {
  const { prisma } = app.ctx;
  if (user.senhaHash) {
    if (!password) throw badRequest(MSG_LGPD.senhaObrigatoria, 'SENHA_OBRIGATORIA');
    if (!(await verifyPassword(password, user.senhaHash))) throw badRequest(MSG_LGPD.senhaIncorreta, 'SENHA_INCORRETA');
  } else {
    const session = await prisma.sessao.findUnique({ where: { id: sessionId }, select: { criadaEm: true } });
    if (!session || session.criadaEm.getTime() < Date.now() - DELETION_RECENT_LOGIN_MINUTES * 60_000) {
      throw forbidden(MSG_LGPD.loginRecenteNecessario, 'LOGIN_RECENTE_NECESSARIO');
    }
  }
  await anonymiseAccount(app, user);
  app.log.info({ usuario: user.id }, 'lgpd: conta excluída e anonimizada');
}

/**
 * The row stays (the ledger, coupons, referrals and verified purchases point at it and are kept
 * for the legal record), but nothing in it identifies the person any more: the e-mail and CPF are
 * free to register again. Sessions, links, provider links and the mails sent to the person go.
 * docs/decisions/0011-data-rights.md
 */
export async function anonymiseAccount(app: FastifyInstance, user: Usuario, inTransaction?: (tx: Prisma.TransactionClient) => Promise<void>) {
  const { prisma } = app.ctx;
  const id = user.id;
  await prisma.$transaction(async (tx) => {
    const pending = await tx.alteracaoEmail.findMany({ where: { usuarioId: id }, select: { novoEmail: true } });
    // Every consent ends with the account; the history keeps when, not from where.
    await recordConsentChanges(tx, id, consentsOf(user), NO_CONSENT, 'exclusao');
    await tx.consentimento.updateMany({ where: { usuarioId: id }, data: { ip: null, userAgent: null } });
    await tx.sessao.deleteMany({ where: { usuarioId: id } });
    await tx.tokenConta.deleteMany({ where: { usuarioId: id } });
    await tx.alteracaoEmail.deleteMany({ where: { usuarioId: id } });
    await tx.contaSocial.deleteMany({ where: { usuarioId: id } });
    await tx.emailSaida.deleteMany({ where: { para: { in: [user.email, ...pending.map((p) => p.novoEmail)] } } });
    // The store's orders stay (the ledger's purchase credits point at them) but stop naming the buyer.
    // `conteudo` (the digest) is kept, so a store's retry of the same order still answers "recebido".
    await tx.$executeRaw`UPDATE pedido_loja SET email = NULL, cpf = NULL, corpo = corpo - 'email' - 'cpf' WHERE usuario_id = ${id}::uuid`;
    await tx.usuario.update({
      where: { id },
      data: {
        nome: DELETED_ACCOUNT_NAME,
        email: deletedAccountEmail(id),
        senhaHash: null,
        cpf: null,
        celular: null,
        cep: null,
        endereco: null,
        numero: null,
        complemento: null,
        cidade: null,
        uf: null,
        dataNascimento: null,
        genero: null,
        optInEmail: false,
        optInSms: false,
        optInWhatsapp: false,
        optOut: false,
        admin: false,
        ativo: false,
        social: false,
        socialProvider: null,
        origem: null,
        hashIndicacao: null,
        // The public handle leaves old referral and banner links pointing nowhere.
        hash: randomUUID(),
        hashPesquisaSatisfacao: null,
        perfil: null,
        excluidoEm: new Date(),
        motivoBloqueio: null,
      },
    });
    // Stored events and their deliveries' answers lose the member's personal facts (ADR 0045).
    await scrubMemberEvents(tx, id);
    // The back office's audit row, when staff anonymise on the member's request (ADR 0031).
    await inTransaction?.(tx);
  });
}
