import type { FastifyInstance } from 'fastify';
import { MSG_SOCIAL, type SocialProviderId, type TokenResponse } from '@legiao/contracts';
import { AppError, badRequest, forbidden, unauthenticated } from '../../errors/app-error.js';
import { Prisma } from '../../db/prisma.js';
import type { Usuario } from '../../generated/prisma/client.js';
import { openSession } from '../auth/session.service.js';
import { checkLoginTicket, consumeLoginTicket } from '../fila/login-gate.js';
import { assertNotBlocked } from '../auth/auth.service.js';
import { createSocialProviders, SocialUnavailable, SocialTokenRefused, type SocialIdentity, type SocialProviders } from './social.providers.js';
import { applyPendingOrders, applyPendingOrdersAfterCommit } from '../compra/store-orders.js';
import { sqlInTx } from '../compra/verified-purchases.js';

export interface SocialLoginRequest {
  provider: SocialProviderId;
  token: string;
  email?: string;
  nome?: string;
  hashIndicacao?: string;
  ticket?: string;
}

/** The app's providers: the context's (tests may inject their own), else the real ones from config. */
export function socialProviders(app: FastifyInstance): SocialProviders {
  return app.ctx.social ?? createSocialProviders(app.ctx.config.social);
}

async function verifyWithProvider(app: FastifyInstance, providerId: SocialProviderId, token: string): Promise<SocialIdentity> {
  const provider = socialProviders(app)[providerId];
  if (!provider) throw badRequest(MSG_SOCIAL.provedorDesativado, 'PROVEDOR_DESATIVADO');
  try {
    return await provider.verify(token);
  } catch (err) {
    if (err instanceof SocialTokenRefused) {
      app.log.info({ provider: providerId, motivo: err.message }, 'social: token recusado');
      if (err.reason === 'email_nao_verificado') throw unauthenticated(MSG_SOCIAL.emailNaoVerificado, 'SOCIAL_EMAIL_NAO_VERIFICADO');
      if (err.reason === 'sem_email') throw unauthenticated(MSG_SOCIAL.semEmail, 'SOCIAL_SEM_EMAIL');
      throw unauthenticated(MSG_SOCIAL.tokenInvalido, 'SOCIAL_TOKEN_INVALIDO');
    }
    if (err instanceof SocialUnavailable) {
      app.log.warn({ provider: providerId, err: err.message }, 'social: provedor indisponível');
      throw new AppError('UNAVAILABLE', MSG_SOCIAL.provedorIndisponivel, 'PROVEDOR_INDISPONIVEL');
    }
    throw err;
  }
}

/**
 * Finds the account of a verified identity, in this order: the provider's own user id (a link made
 * before), the verified e-mail (an account made with a password: linked, its password kept), or a
 * new social account (active at once: the provider verified the address).
 */
async function findOrCreateAccount(app: FastifyInstance, provider: SocialProviderId, identity: SocialIdentity, extra: { nome?: string; hashIndicacao?: string }): Promise<{ user: Usuario; activated: boolean }> {
  const { prisma } = app.ctx;
  return prisma.$transaction(async (tx) => {
    const now = new Date();
    const link = await tx.contaSocial.findUnique({ where: { provider_providerUserId: { provider, providerUserId: identity.providerUserId } }, include: { usuario: true } });
    if (link) {
      await tx.contaSocial.update({ where: { id: link.id }, data: { ultimoUsoEm: now, email: identity.email } });
      return { user: link.usuario, activated: false };
    }
    let activated = false;
    let user = await tx.usuario.findUnique({ where: { email: identity.email } });
    if (user && !user.ativo && !user.ativadoEm) {
      // A sign-up nobody ever confirmed: its password was set by whoever typed this address, not
      // necessarily its owner (account pre-hijacking). The provider proved the owner: activate the
      // account and drop that password; the old activation links die with it.
      await tx.tokenConta.updateMany({ where: { usuarioId: user.id, usadoEm: null }, data: { usadoEm: now } });
      user = await tx.usuario.update({
        where: { id: user.id },
        data: { ativo: true, ativadoEm: now, ...(user.senhaHash ? { senhaHash: null, social: true, socialProvider: provider } : {}) },
      });
      activated = true;
    }
    if (!user) {
      user = await tx.usuario.create({
        data: {
          email: identity.email,
          nome: identity.nome || extra.nome || identity.email,
          senhaHash: null,
          social: true,
          socialProvider: provider,
          ativo: true,
          ativadoEm: now,
          hashIndicacao: extra.hashIndicacao || null,
        },
      });
      activated = true;
    }
    await tx.contaSocial.create({ data: { usuarioId: user.id, provider, providerUserId: identity.providerUserId, email: identity.email } });
    // An account active from now on: the store's orders kept for its e-mail (or CPF) are its own (ADR 0041).
    if (activated) await applyPendingOrders(sqlInTx(tx), { id: user.id, email: user.email, cpf: user.cpf });
    return { user, activated };
  });
}

const isUniqueViolation = (err: unknown) => err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002';

/** POST /auth/social-login: verify with the provider, find or create the account, open a session. */
export async function socialLogin(app: FastifyInstance, input: SocialLoginRequest, meta: { ip?: string; userAgent?: string }): Promise<TokenResponse> {
  // While the waiting room is on, a social login needs an admission like any login (ADR 0008).
  const admission = await checkLoginTicket(app, input.ticket);
  const identity = await verifyWithProvider(app, input.provider, input.token);
  if (input.email && input.email !== identity.email) throw unauthenticated(MSG_SOCIAL.emailDiferente, 'SOCIAL_EMAIL_DIFERENTE');

  let found: { user: Usuario; activated: boolean };
  try {
    found = await findOrCreateAccount(app, input.provider, identity, input);
  } catch (err) {
    // Two first logins of the same person at once: the other one created the rows; use them.
    if (!isUniqueViolation(err)) throw err;
    found = await findOrCreateAccount(app, input.provider, identity, input);
  }
  const { user } = found;
  if (found.activated) {
    await applyPendingOrdersAfterCommit(app.ctx.prisma, { id: user.id, email: user.email, cpf: user.cpf }, (err) => app.log.error({ err }, 'pedidos pendentes da loja: não aplicados após o login social'));
  }
  if (!user.ativo) throw forbidden(MSG_SOCIAL.contaExcluida, 'CONTA_INATIVA');
  assertNotBlocked(user);
  await consumeLoginTicket(app, admission);
  return openSession(app, user.id, meta);
}
