import type { FastifyInstance } from 'fastify';
import { MSG } from '@legiao/contracts';
import { MEMBERS_MSG, type ProfileCorrectionInput } from '@legiao/contracts/admin/membros';
import { Prisma } from '../../../generated/prisma/client.js';
import { badRequest, conflict, notFound } from '../../../errors/app-error.js';
import { recordAudit } from '../audit/audit.service.js';
import { ACTIVATION_TTL_HOURS, issueAccountLink } from '../../auth/account-links.js';
import { activationMail } from '../../mail/templates.js';
import { issueLoginLink } from '../../login-link/login-link.service.js';
import { exportMemberData } from '../../lgpd/collectors.js';
import { anonymiseAccount } from '../../lgpd/deletion.service.js';
import { lockMember, type Actor } from './adjustments.service.js';

import { inTransaction } from './transaction.js';
// The support actions on one member (issue 17 item 3; docs/decisions/0031-back-office-members.md).
// Each runs in one transaction with its audit row (entity 'membro', the member's id, so the member
// page lists it), after locking the member's row so two staff members acting at once serialise.
// They reuse the member-side features (account links, login links, the LGPD export and erasure).

type Tx = Prisma.TransactionClient;

async function liveMember(tx: Tx, id: string) {
  const m = await lockMember(tx, id);
  if (m.excluido) throw conflict(MEMBERS_MSG.contaExcluida, 'CONTA_EXCLUIDA');
  return tx.usuario.findUniqueOrThrow({ where: { id } });
}

const audit = (tx: Tx, actor: Actor, action: string, memberId: string, before: unknown, after: unknown) =>
  recordAudit(tx, { actorId: actor.staffId, action, entity: 'membro', entityId: memberId, before, after, requestId: actor.requestId });

/** Blocks the member: every session ends now, and no login opens a new one until unblocked. */
export async function block(app: FastifyInstance, id: string, reason: string, actor: Actor) {
  return inTransaction(app.ctx.prisma, async (tx) => {
    const u = await liveMember(tx, id);
    if (u.bloqueadoEm) throw conflict(MEMBERS_MSG.jaBloqueado, 'JA_BLOQUEADO');
    const now = new Date();
    await tx.usuario.update({ where: { id }, data: { bloqueadoEm: now, motivoBloqueio: reason } });
    const { count } = await tx.sessao.updateMany({ where: { usuarioId: id, revogadaEm: null }, data: { revogadaEm: now } });
    await audit(tx, actor, 'membro.bloquear', id, { bloqueadoEm: null, motivoBloqueio: null }, { bloqueadoEm: now.toISOString(), motivoBloqueio: reason, sessoesEncerradas: count });
    return { message: `Conta bloqueada. ${count === 1 ? '1 sessão encerrada' : `${count} sessões encerradas`}.` };
  });
}

export async function unblock(app: FastifyInstance, id: string, actor: Actor) {
  return inTransaction(app.ctx.prisma, async (tx) => {
    const u = await liveMember(tx, id);
    if (!u.bloqueadoEm) throw conflict(MEMBERS_MSG.naoBloqueado, 'NAO_BLOQUEADO');
    await tx.usuario.update({ where: { id }, data: { bloqueadoEm: null, motivoBloqueio: null } });
    await audit(tx, actor, 'membro.desbloquear', id, { bloqueadoEm: u.bloqueadoEm.toISOString(), motivoBloqueio: u.motivoBloqueio }, { bloqueadoEm: null, motivoBloqueio: null });
    return { message: 'Conta desbloqueada: o membro já pode entrar.' };
  });
}

export async function revokeSessions(app: FastifyInstance, id: string, actor: Actor) {
  return inTransaction(app.ctx.prisma, async (tx) => {
    await liveMember(tx, id);
    const { count } = await tx.sessao.updateMany({ where: { usuarioId: id, revogadaEm: null }, data: { revogadaEm: new Date() } });
    await audit(tx, actor, 'membro.revogar-sessoes', id, null, { sessoesEncerradas: count });
    return { message: count === 1 ? '1 sessão encerrada.' : `${count} sessões encerradas.` };
  });
}

/** A new activation link by e-mail (the older unused ones stop working), through the outbox. */
export async function resendActivation(app: FastifyInstance, id: string, actor: Actor) {
  const { prisma, mailer, config } = app.ctx;
  const r = await inTransaction(prisma, async (tx) => {
    const u = await liveMember(tx, id);
    if (u.ativo) throw conflict(MEMBERS_MSG.jaAtiva, 'CONTA_JA_ATIVADA');
    const { secret } = await issueAccountLink(tx, id, 'ativacao');
    await mailer.enqueue(tx, await activationMail(u.email, u.nome, `${config.publicUrl}/ativar-conta?q=${secret}`, ACTIVATION_TTL_HOURS, config));
    await audit(tx, actor, 'membro.reenviar-ativacao', id, null, { para: u.email });
    return { message: `E-mail de ativação enviado para ${u.email}.` };
  });
  mailer.kick();
  return r;
}

/**
 * A single-use login link bound to the member's celular (the operators' login-link feature, ADR
 * 0010), for staff to hand over in the conversation. The audit row keeps when it expires, never
 * the link.
 */
export async function linkLogin(app: FastifyInstance, id: string, validityMinutes: number | undefined, actor: Actor) {
  const u = await app.ctx.prisma.usuario.findUnique({ where: { id } });
  if (!u) throw notFound(MEMBERS_MSG.membroNaoEncontrado);
  if (u.excluidoEm) throw conflict(MEMBERS_MSG.contaExcluida, 'CONTA_EXCLUIDA');
  if (u.bloqueadoEm) throw conflict(MEMBERS_MSG.bloqueada, 'CONTA_BLOQUEADA');
  if (!u.ativo) throw conflict(MEMBERS_MSG.contaInativa, 'CONTA_INATIVA');
  if (!u.celular) throw conflict(MEMBERS_MSG.semCelular, 'SEM_CELULAR');
  return issueLoginLink(app, { email: u.email, validadeMinutos: validityMinutes }, actor.staffId, (tx, link) =>
    audit(tx, actor, 'membro.link-login', id, null, { expiraEm: link.expiraEm.toISOString() }),
  );
}

const FIELDS = ['nome', 'celular', 'cpf', 'dataNascimento', 'genero', 'cep', 'endereco', 'numero', 'complemento', 'cidade', 'uf'] as const;
type Field = (typeof FIELDS)[number];

const valueField = (u: Record<Field, unknown>, c: Field) => (u[c] instanceof Date ? (u[c] as Date).toISOString().slice(0, 10) : (u[c] ?? null));

/** Corrects profile fields (validated by the member-side contract); the audit row keeps the diff. */
export async function correctProfile(app: FastifyInstance, id: string, input: ProfileCorrectionInput, actor: Actor) {
  try {
    return await inTransaction(app.ctx.prisma, async (tx) => {
      const u = await liveMember(tx, id);
      const data: Partial<Record<Field, unknown>> = {};
      for (const c of FIELDS) {
        const v = (input as Partial<Record<Field, unknown>>)[c];
        if (v === undefined) continue;
        data[c] = c === 'dataNascimento' && typeof v === 'string' ? new Date(v.slice(0, 10)) : v;
      }
      const changed = FIELDS.filter((c) => data[c] !== undefined && valueField(data as Record<Field, unknown>, c) !== valueField(u, c));
      if (changed.length === 0) throw badRequest('Nada mudou: os valores informados são os atuais.', 'SEM_MUDANCA');
      const row = await tx.usuario.update({ where: { id }, data: Object.fromEntries(changed.map((c) => [c, data[c]])) });
      const before = Object.fromEntries(changed.map((c) => [c, valueField(u, c)]));
      const after = Object.fromEntries(changed.map((c) => [c, valueField(row, c)]));
      await audit(tx, actor, 'membro.corrigir-perfil', id, before, after);
      return { message: `Perfil corrigido: ${changed.join(', ')}.` };
    });
  } catch (err) {
    if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002') throw conflict(MSG.cpfJaCadastrado, 'CPF_JA_CADASTRADO');
    throw err;
  }
}

/** The member's LGPD export (the same document the member downloads); the read is audited. */
export async function exportData(app: FastifyInstance, id: string, actor: Actor) {
  const { prisma } = app.ctx;
  return inTransaction(prisma, async (tx) => {
    await lockMember(tx, id);
    await audit(tx, actor, 'membro.exportar', id, null, null);
    return exportMemberData(prisma, id);
  });
}

/** Anonymises on the member's request (the member-side erasure, ADR 0011), audited with the request. */
export async function anonymise(app: FastifyInstance, id: string, reference: string, actor: Actor) {
  const u = await app.ctx.prisma.usuario.findUnique({ where: { id } });
  if (!u) throw notFound(MEMBERS_MSG.membroNaoEncontrado);
  if (u.excluidoEm) throw conflict(MEMBERS_MSG.contaExcluida, 'CONTA_EXCLUIDA');
  // Nothing personal in the audit row: the trail outlives the erasure (append-only).
  await anonymiseAccount(app, u, (tx) => audit(tx, actor, 'membro.anonimizar', id, null, { referencia: reference }));
  return { message: 'Conta anonimizada. O extrato e os resgates ficam, sem nada que identifique a pessoa.' };
}
