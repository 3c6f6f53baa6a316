import type { FastifyInstance } from 'fastify';
import { MSG, type Signup, type ValidOptinResponse, type SignedInUser } from '@legiao/contracts';
import type { z } from 'zod';
import type { updateProfileSchema } from '@legiao/contracts';
import { AppError, badRequest, conflict } from '../../errors/app-error.js';
import { Prisma } from '../../db/prisma.js';
import type { Usuario } from '../../generated/prisma/client.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { digest } from '../../lib/secrets.js';
import { CepUnavailable } from '../cep/cep.provider.js';
import { activationMail } from '../mail/templates.js';
import { ACTIVATION_TTL_HOURS, issueAccountLink } from '../auth/account-links.js';
import { revokeAllSessions } from '../auth/session.service.js';
import { consentsOf, recordConsentChanges, NO_CONSENT, type ConsentMeta } from '../consentimento/consentimento.service.js';
import { confirmReferrals, recordReferral } from '../indicacao/indicacao.service.js';
import { userBalance } from '../ledger/ledger.service.js';
import { applyPendingOrders, applyPendingOrdersAfterCommit } from '../compra/store-orders.js';
import { sqlInTx } from '../compra/verified-purchases.js';

type UpdateProfile = z.output<typeof updateProfileSchema>;

export async function assertEmailAvailable(app: FastifyInstance, email: string) {
  const found = await app.ctx.prisma.usuario.findUnique({ where: { email }, select: { id: true } });
  if (found) throw conflict(MSG.emailJaCadastrado, 'EMAIL_JA_CADASTRADO');
}

export async function isCpfRegistered(app: FastifyInstance, cpf: string) {
  return (await app.ctx.prisma.usuario.count({ where: { cpf } })) > 0;
}

/** true means "already given" (or withdrawn, for optout): the sign-up hides those boxes. */
export async function optinStatus(app: FastifyInstance, email: string): Promise<ValidOptinResponse> {
  const u = await app.ctx.prisma.usuario.findUnique({ where: { email }, select: { optInEmail: true, optInSms: true, optOut: true } });
  return { optin: u?.optInEmail ?? false, optinSms: u?.optInSms ?? false, optout: u?.optOut ?? false };
}

/**
 * The server's own check of a CEP: a code the postal service says doesn't exist is refused;
 * when the service can't be reached the sign-up goes on (the format was already checked).
 */
async function assertCepExists(app: FastifyInstance, cep: string) {
  try {
    const found = await app.ctx.cep.lookup(cep);
    if (!found) throw badRequest(MSG.cepInvalido, 'CEP_INVALIDO');
    return found;
  } catch (err) {
    if (err instanceof CepUnavailable) {
      app.log.warn({ err }, 'cep provider unavailable; accepting the format-checked CEP');
      return null;
    }
    throw err;
  }
}

function uniqueViolation(err: unknown): AppError | undefined {
  if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002') {
    const target = JSON.stringify(err.meta ?? {});
    if (target.includes('cpf')) return conflict(MSG.cpfJaCadastrado, 'CPF_JA_CADASTRADO');
    return conflict(MSG.emailJaCadastrado, 'EMAIL_JA_CADASTRADO');
  }
  return undefined;
}

export async function registerUser(app: FastifyInstance, input: Signup, meta: ConsentMeta = {}) {
  const { prisma, mailer, config } = app.ctx;
  await assertEmailAvailable(app, input.email);
  if (await isCpfRegistered(app, input.cpf)) throw conflict(MSG.cpfJaCadastrado, 'CPF_JA_CADASTRADO');
  const address = await assertCepExists(app, input.cep);
  const passwordHash = await hashPassword(input.senha, config.bcryptCost);
  try {
    await prisma.$transaction(async (tx) => {
      const user = await tx.usuario.create({
        data: {
          email: input.email,
          senhaHash: passwordHash,
          nome: input.nome,
          cpf: input.cpf,
          celular: input.celular,
          cep: input.cep,
          // The postal service's answer wins over what the browser sent.
          endereco: address?.logradouro || input.endereco || null,
          cidade: address?.localidade || input.cidade || null,
          uf: address?.uf || input.uf || null,
          dataNascimento: new Date(input.dataNascimento),
          genero: input.genero,
          optInEmail: input.optin,
          optInSms: input.optinSms,
          optInWhatsapp: input.optinSms,
          hashIndicacao: input.hashIndicacao || null,
          origem: input.origem || null,
        },
      });
      await recordConsentChanges(tx, user.id, NO_CONSENT, consentsOf(user), 'cadastro', meta);
      await recordReferral(tx, user, input.hashIndicacao); // pending referral (docs/decisions/0009-economy.md)
      const { secret } = await issueAccountLink(tx, user.id, 'ativacao');
      await mailer.enqueue(tx, await activationMail(user.email, user.nome, `${config.publicUrl}/ativar-conta?q=${secret}`, ACTIVATION_TTL_HOURS, config));
    });
  } catch (err) {
    throw uniqueViolation(err) ?? err; // two sign-ups racing for the same e-mail or CPF
  }
  mailer.kick();
  return { message: MSG.cadastroSucesso, email: input.email };
}

export async function activateAccount(app: FastifyInstance, hash: string) {
  const { prisma } = app.ctx;
  const token = await prisma.tokenConta.findUnique({ where: { secretHash: digest(hash) }, include: { usuario: true } });
  if (!token || token.tipo !== 'ativacao' || token.usadoEm || token.expiraEm <= new Date()) {
    throw badRequest(MSG.linkInvalido, 'LINK_INVALIDO');
  }
  const buyer = { id: token.usuarioId, email: token.usuario.email, cpf: token.usuario.cpf };
  await prisma.$transaction(async (tx) => {
    const used = await tx.tokenConta.updateMany({ where: { id: token.id, usadoEm: null }, data: { usadoEm: new Date() } });
    if (used.count !== 1) throw badRequest(MSG.linkInvalido, 'LINK_INVALIDO');
    await tx.usuario.updateMany({ where: { id: token.usuarioId, ativo: false }, data: { ativo: true, ativadoEm: new Date() } });
    // The store's orders kept for this e-mail or CPF become the member's now, in full (ADR 0041)...
    await applyPendingOrders(sqlInTx(tx), buyer);
    await confirmReferrals(tx, { indicadoId: token.usuarioId }); // a referral waiting for this activation
  });
  // ...and once more after the commit, for an order the store sent while this ran (store-orders.ts).
  await applyPendingOrdersAfterCommit(prisma, buyer, (err) => app.log.error({ err }, 'pedidos pendentes da loja: não aplicados após a ativação'));
  return { email: token.usuario.email };
}

/** No account's id: the statements a pending account would run match no row for the others. */
const NO_USER = '00000000-0000-0000-0000-000000000000';

/**
 * Active, pending and unknown addresses get the same answer and cost the same work, so this call
 * can't list accounts or tell their state (issue 23, finding 2; ADR 0039). Only a pending account
 * gets a new link: the others run the same transaction's statements on no row.
 */
export async function resendActivation(app: FastifyInstance, email: string) {
  const { prisma, mailer, config } = app.ctx;
  const user = await prisma.usuario.findUnique({ where: { email }, select: { id: true, email: true, nome: true, ativo: true } });
  const pending = user && !user.ativo ? user : null;
  await prisma.$transaction(async (tx) => {
    // Only this transaction writes, and a commit that wrote waits for the disk: without this, the
    // flush alone would tell a pending account from the others. Losing a resend to a crash in the
    // next fraction of a second costs another click on Reenviar (the older link is then still valid).
    await tx.$executeRaw`SET LOCAL synchronous_commit = off`;
    if (pending) {
      const { secret } = await issueAccountLink(tx, pending.id, 'ativacao');
      await mailer.enqueue(tx, await activationMail(pending.email, pending.nome, `${config.publicUrl}/ativar-conta?q=${secret}`, ACTIVATION_TTL_HOURS, config));
      return;
    }
    // issueAccountLink's update, then two reads in place of its insert and the mail's.
    await tx.tokenConta.updateMany({ where: { usuarioId: NO_USER, tipo: 'ativacao', usadoEm: null }, data: { usadoEm: new Date() } });
    await tx.tokenConta.findFirst({ where: { usuarioId: NO_USER }, select: { id: true } });
    await tx.emailSaida.findFirst({ where: { id: NO_USER }, select: { id: true } });
  });
  mailer.kick();
}

export async function updateProfile(app: FastifyInstance, user: Usuario, input: UpdateProfile, meta: ConsentMeta = {}) {
  const { prisma } = app.ctx;
  if (input.cpf && user.cpf && input.cpf !== user.cpf) throw badRequest('O CPF não pode ser alterado.', 'CPF_IMUTAVEL');
  if (!user.cpf && !input.cpf && user.social) throw badRequest(MSG.camposObrigatorios, 'CPF_OBRIGATORIO');
  if (user.social && !user.cpf && input.aceiteTermos === false) throw badRequest(MSG.termosObrigatorios, 'TERMOS');

  let address: { logradouro: string; localidade: string; uf: string } | null = null;
  if (input.cep && input.cep !== user.cep) address = await assertCepExists(app, input.cep);

  const optInEmail = input.optIn ?? user.optInEmail;
  const optInSms = input.optInSms ?? user.optInSms;
  // Withdrawing a consent that was given is remembered, so sign-up doesn't ask again.
  const withdrew = (user.optInEmail && !optInEmail) || (user.optInSms && !optInSms);
  try {
    const updated = await prisma.$transaction(async (tx) => {
      const row = await tx.usuario.update({
        where: { id: user.id },
        data: {
          nome: input.nome,
          celular: input.celular,
          cpf: user.cpf ?? input.cpf ?? null,
          dataNascimento: input.dataNascimento ? new Date(input.dataNascimento) : user.dataNascimento,
          genero: input.genero ?? user.genero,
          cep: input.cep ?? user.cep,
          endereco: address?.logradouro || input.endereco || (input.cep && input.cep !== user.cep ? null : user.endereco),
          numero: input.numero ?? user.numero,
          complemento: input.complemento ?? user.complemento,
          cidade: address?.localidade || input.cidade || user.cidade,
          uf: address?.uf || input.uf || user.uf,
          optInEmail,
          optInSms,
          optInWhatsapp: optInSms,
          optOut: user.optOut || withdrew,
        },
      });
      await recordConsentChanges(tx, user.id, consentsOf(user), consentsOf(row), 'perfil', meta);
      // A social sign-up kept its ?r= value but had no CPF to check it against: its pending
      // referral starts now that /novo-registro gave the CPF (same fraud rules as the sign-up).
      if (!user.cpf && row.cpf) {
        // The store's orders kept for this CPF are the member's from now on (ADR 0041).
        if (row.ativo) await applyPendingOrders(sqlInTx(tx), { id: row.id, email: row.email, cpf: row.cpf });
        if (await recordReferral(tx, row, user.hashIndicacao)) await confirmReferrals(tx, { indicadoId: row.id });
      }
      return row;
    });
    if (!user.cpf && updated.cpf && updated.ativo) {
      await applyPendingOrdersAfterCommit(prisma, { id: updated.id, email: updated.email, cpf: updated.cpf }, (err) => app.log.error({ err }, 'pedidos pendentes da loja: não aplicados após o CPF'));
    }
    return toSignedInUser(updated, await userBalance(prisma, updated.id));
  } catch (err) {
    throw uniqueViolation(err) ?? err;
  }
}

export async function changePassword(app: FastifyInstance, user: Usuario, sessionId: string, password: string, newPassword: string) {
  if (!user.senhaHash) throw badRequest(MSG.contaSocialSemSenha, 'CONTA_SOCIAL');
  if (!(await verifyPassword(password, user.senhaHash))) throw badRequest(MSG.senhaAtualIncorreta, 'SENHA_ATUAL_INCORRETA');
  if (password === newPassword) throw badRequest(MSG.senhaIgualAtual, 'SENHA_IGUAL');
  const passwordHash = await hashPassword(newPassword, app.ctx.config.bcryptCost);
  await app.ctx.prisma.usuario.update({ where: { id: user.id }, data: { senhaHash: passwordHash } });
  await revokeAllSessions(app, user.id, sessionId); // other devices must log in again
}

/** Profile fields a member must fill for perfilCompleto (docs/decisions/0005-perfil-completo.md). */
export const PROFILE_REQUIRED_FIELDS = ['nome', 'cpf', 'celular', 'dataNascimento', 'genero', 'cep', 'endereco', 'numero', 'cidade', 'uf'] as const;

/** saldo: the member's ledger balance (saldoDoUsuario in features/ledger). */
export function toSignedInUser(u: Usuario, balance: number): SignedInUser {
  const profileComplete = PROFILE_REQUIRED_FIELDS.every((k) => u[k] !== null && u[k] !== '');
  const profile = (['funcional', 'outsider', 'estiloso'] as const).find((p) => p === u.perfil) ?? 'geral';
  return {
    id: u.id,
    hash: u.hash,
    hashUsuario: u.hash,
    nome: u.nome,
    email: u.email,
    cpf: u.cpf,
    celular: u.celular,
    cep: u.cep,
    endereco: u.endereco,
    numero: u.numero,
    complemento: u.complemento,
    cidade: u.cidade,
    uf: u.uf,
    dataNascimento: u.dataNascimento ? u.dataNascimento.toISOString() : null,
    genero: u.genero,
    optIn: u.optInEmail,
    optInEmail: u.optInEmail,
    optInSms: u.optInSms,
    optInWhatsapp: u.optInWhatsapp,
    social: u.social,
    ativo: u.ativo,
    lead: u.tipo === 'lead',
    colaborador: u.tipo === 'colaborador',
    admin: u.admin,
    perfil: profile,
    perfilCompleto: profileComplete,
    perfilDefinido: u.perfil !== null,
    saldo: balance,
    hashPesquisaSatisfacao: u.hashPesquisaSatisfacao,
    dataCadastro: u.dataCadastro.toISOString(),
    dataAtualizacao: u.dataAtualizacao.toISOString(),
    emailDevolvidoEm: u.emailDevolvidoEm ? u.emailDevolvidoEm.toISOString() : null,
  };
}
