import type { FastifyInstance } from 'fastify';
import { MSG, type Cadastro, type ValidOptinResponse, type UsuarioLogado } from '@legiao/contracts';
import type { z } from 'zod';
import type { atualizarPerfilSchema } from '@legiao/contracts';
import { AppError, badRequest, conflict } from '../../errors/app-error.js';
import { Prisma } from '../../db/prisma.js';
import type { Usuario } from '../../generated/prisma/client.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { digest } from '../../lib/secrets.js';
import { CepIndisponivel } from '../cep/cep.provider.js';
import { activationMail } from '../mail/templates.js';
import { ACTIVATION_TTL_HOURS, issueAccountLink } from '../auth/account-links.js';
import { revokeAllSessions } from '../auth/session.service.js';
import { consentsOf, recordConsentChanges, SEM_CONSENTIMENTO, type ConsentMeta } from '../consentimento/consentimento.service.js';
import { confirmarIndicacoes, registrarIndicacao } from '../indicacao/indicacao.service.js';
import { saldoDoUsuario } from '../ledger/ledger.service.js';

type AtualizarPerfil = z.output<typeof atualizarPerfilSchema>;

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
    if (err instanceof CepIndisponivel) {
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

export async function registerUsuario(app: FastifyInstance, input: Cadastro, meta: ConsentMeta = {}) {
  const { prisma, mailer, config } = app.ctx;
  await assertEmailAvailable(app, input.email);
  if (await isCpfRegistered(app, input.cpf)) throw conflict(MSG.cpfJaCadastrado, 'CPF_JA_CADASTRADO');
  const endereco = await assertCepExists(app, input.cep);
  const senhaHash = await hashPassword(input.senha, config.bcryptCost);
  try {
    await prisma.$transaction(async (tx) => {
      const usuario = await tx.usuario.create({
        data: {
          email: input.email,
          senhaHash,
          nome: input.nome,
          cpf: input.cpf,
          celular: input.celular,
          cep: input.cep,
          // The postal service's answer wins over what the browser sent.
          endereco: endereco?.logradouro || input.endereco || null,
          cidade: endereco?.localidade || input.cidade || null,
          uf: endereco?.uf || input.uf || null,
          dataNascimento: new Date(input.dataNascimento),
          genero: input.genero,
          optInEmail: input.optin,
          optInSms: input.optinSms,
          optInWhatsapp: input.optinSms,
          hashIndicacao: input.hashIndicacao || null,
          origem: input.origem || null,
        },
      });
      await recordConsentChanges(tx, usuario.id, SEM_CONSENTIMENTO, consentsOf(usuario), 'cadastro', meta);
      await registrarIndicacao(tx, usuario, input.hashIndicacao); // pending referral (docs/decisions/0009-economy.md)
      const { secret } = await issueAccountLink(tx, usuario.id, 'ativacao');
      await mailer.enqueue(tx, activationMail(usuario.email, usuario.nome, `${config.publicUrl}/ativar-conta?q=${secret}`, ACTIVATION_TTL_HOURS));
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
  await prisma.$transaction(async (tx) => {
    const used = await tx.tokenConta.updateMany({ where: { id: token.id, usadoEm: null }, data: { usadoEm: new Date() } });
    if (used.count !== 1) throw badRequest(MSG.linkInvalido, 'LINK_INVALIDO');
    await tx.usuario.updateMany({ where: { id: token.usuarioId, ativo: false }, data: { ativo: true, ativadoEm: new Date() } });
    await confirmarIndicacoes(tx, { indicadoId: token.usuarioId }); // a referral waiting for this activation
  });
  return { email: token.usuario.email };
}

/** Unknown e-mails get the same success answer, so this call can't list accounts. */
export async function resendActivation(app: FastifyInstance, email: string) {
  const { prisma, mailer, config } = app.ctx;
  const usuario = await prisma.usuario.findUnique({ where: { email } });
  if (!usuario) return;
  if (usuario.ativo) throw badRequest(MSG.contaJaAtivada, 'CONTA_JA_ATIVADA');
  await prisma.$transaction(async (tx) => {
    const { secret } = await issueAccountLink(tx, usuario.id, 'ativacao');
    await mailer.enqueue(tx, activationMail(usuario.email, usuario.nome, `${config.publicUrl}/ativar-conta?q=${secret}`, ACTIVATION_TTL_HOURS));
  });
  mailer.kick();
}

export async function updateProfile(app: FastifyInstance, usuario: Usuario, input: AtualizarPerfil, meta: ConsentMeta = {}) {
  const { prisma } = app.ctx;
  if (input.cpf && usuario.cpf && input.cpf !== usuario.cpf) throw badRequest('O CPF não pode ser alterado.', 'CPF_IMUTAVEL');
  if (!usuario.cpf && !input.cpf && usuario.social) throw badRequest(MSG.camposObrigatorios, 'CPF_OBRIGATORIO');
  if (usuario.social && !usuario.cpf && input.aceiteTermos === false) throw badRequest(MSG.termosObrigatorios, 'TERMOS');

  let endereco: { logradouro: string; localidade: string; uf: string } | null = null;
  if (input.cep && input.cep !== usuario.cep) endereco = await assertCepExists(app, input.cep);

  const optInEmail = input.optIn ?? usuario.optInEmail;
  const optInSms = input.optInSms ?? usuario.optInSms;
  // Withdrawing a consent that was given is remembered, so sign-up doesn't ask again.
  const withdrew = (usuario.optInEmail && !optInEmail) || (usuario.optInSms && !optInSms);
  try {
    const updated = await prisma.$transaction(async (tx) => {
      const row = await tx.usuario.update({
        where: { id: usuario.id },
        data: {
          nome: input.nome,
          celular: input.celular,
          cpf: usuario.cpf ?? input.cpf ?? null,
          dataNascimento: input.dataNascimento ? new Date(input.dataNascimento) : usuario.dataNascimento,
          genero: input.genero ?? usuario.genero,
          cep: input.cep ?? usuario.cep,
          endereco: endereco?.logradouro || input.endereco || (input.cep && input.cep !== usuario.cep ? null : usuario.endereco),
          numero: input.numero ?? usuario.numero,
          complemento: input.complemento ?? usuario.complemento,
          cidade: endereco?.localidade || input.cidade || usuario.cidade,
          uf: endereco?.uf || input.uf || usuario.uf,
          optInEmail,
          optInSms,
          optInWhatsapp: optInSms,
          optOut: usuario.optOut || withdrew,
        },
      });
      await recordConsentChanges(tx, usuario.id, consentsOf(usuario), consentsOf(row), 'perfil', meta);
      // A social sign-up kept its ?r= value but had no CPF to check it against: its pending
      // referral starts now that /novo-registro gave the CPF (same fraud rules as the sign-up).
      if (!usuario.cpf && row.cpf && (await registrarIndicacao(tx, row, usuario.hashIndicacao))) {
        await confirmarIndicacoes(tx, { indicadoId: row.id });
      }
      return row;
    });
    return toUsuarioLogado(updated, await saldoDoUsuario(prisma, updated.id));
  } catch (err) {
    throw uniqueViolation(err) ?? err;
  }
}

export async function changePassword(app: FastifyInstance, usuario: Usuario, sessaoId: string, senha: string, novaSenha: string) {
  if (!usuario.senhaHash) throw badRequest(MSG.contaSocialSemSenha, 'CONTA_SOCIAL');
  if (!(await verifyPassword(senha, usuario.senhaHash))) throw badRequest(MSG.senhaAtualIncorreta, 'SENHA_ATUAL_INCORRETA');
  if (senha === novaSenha) throw badRequest(MSG.senhaIgualAtual, 'SENHA_IGUAL');
  const senhaHash = await hashPassword(novaSenha, app.ctx.config.bcryptCost);
  await app.ctx.prisma.usuario.update({ where: { id: usuario.id }, data: { senhaHash } });
  await revokeAllSessions(app, usuario.id, sessaoId); // other devices must log in again
}

/** Profile fields a member must fill for perfilCompleto (docs/decisions/0005-perfil-completo.md). */
export const PERFIL_CAMPOS_OBRIGATORIOS = ['nome', 'cpf', 'celular', 'dataNascimento', 'genero', 'cep', 'endereco', 'numero', 'cidade', 'uf'] as const;

/** saldo: the member's ledger balance (saldoDoUsuario in features/ledger). */
export function toUsuarioLogado(u: Usuario, saldo: number): UsuarioLogado {
  const perfilCompleto = PERFIL_CAMPOS_OBRIGATORIOS.every((k) => u[k] !== null && u[k] !== '');
  const perfil = (['funcional', 'outsider', 'estiloso'] as const).find((p) => p === u.perfil) ?? 'geral';
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
    perfil,
    perfilCompleto,
    perfilDefinido: u.perfil !== null,
    saldo,
    hashPesquisaSatisfacao: u.hashPesquisaSatisfacao,
    dataCadastro: u.dataCadastro.toISOString(),
    dataAtualizacao: u.dataAtualizacao.toISOString(),
  };
}
