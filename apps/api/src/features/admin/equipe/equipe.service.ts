import { ADMIN_MSG, STAFF_ROLES, type StaffRole } from '@legiao/contracts';
import { parseOrder, type AdminPage } from '@legiao/contracts/admin/paging';
import type { StaffListQuery, StaffMember } from '@legiao/contracts/admin/equipe';
import { Prisma } from '../../../generated/prisma/client.js';
import type { Db } from '../../../db/prisma.js';
import { forbidden, notFound } from '../../../errors/app-error.js';
import { recordAudit } from '../audit/audit.service.js';

// Staff roles (docs/decisions/0027-back-office.md). Only 'staff.manage' (admin) reaches these writes.

/** People holding at least one role, filtered by name/e-mail and role. */
export async function listStaff(prisma: Db, q: StaffListQuery): Promise<AdminPage<StaffMember>> {
  const search = q.busca?.trim();
  const where: Prisma.UsuarioWhereInput = {
    staffRoles: q.papel ? { some: { role: q.papel } } : { some: {} },
    ...(search ? { OR: [{ nome: { contains: search, mode: 'insensitive' } }, { email: { contains: search.toLowerCase() } }] } : {}),
  };
  const order = parseOrder(q.ordem) ?? { campo: 'nome', desc: false };
  const dir = order.desc ? 'desc' : 'asc';
  const [total, rows] = await Promise.all([
    prisma.usuario.count({ where }),
    prisma.usuario.findMany({
      where,
      orderBy: [order.campo === 'email' ? { email: dir } : { nome: dir }, { id: 'asc' }],
      skip: (q.pagina - 1) * q.porPagina,
      take: q.porPagina,
      select: { id: true, nome: true, email: true, staffRoles: { select: { role: true } } },
    }),
  ]);
  return {
    itens: rows.map((u) => ({ id: u.id, nome: u.nome, email: u.email, papeis: sortRoles(u.staffRoles.map((r) => r.role)) })),
    total,
    pagina: q.pagina,
    porPagina: q.porPagina,
  };
}

const sortRoles = (roles: StaffRole[]) => STAFF_ROLES.filter((r) => roles.includes(r));

export interface SetRolesInput {
  email: string;
  papeis: StaffRole[];
  /** null: the admin:grant CLI (no person acting through the API). */
  actorId: string | null;
  requestId: string | null;
}

/**
 * Makes the account hold exactly `papeis`, and records the change (before/after) in the audit trail
 * in the same transaction. Nobody changes their own roles: an admin cannot lock themselves out, and
 * a role can never be self-granted.
 */
export async function setStaffRoles(prisma: Db, input: SetRolesInput): Promise<{ member: StaffMember; changed: boolean }> {
  return prisma.$transaction(async (tx) => {
    // Row lock: two admins changing the same person's roles at once apply one after the other.
    const [user] = await tx.$queryRaw<{ id: string; nome: string; email: string }[]>`
      SELECT id::text, nome, email FROM usuario WHERE email = ${input.email.trim().toLowerCase()} AND excluido_em IS NULL FOR UPDATE`;
    if (!user) throw notFound(ADMIN_MSG.contaInexistente);
    if (input.actorId !== null && user.id === input.actorId) throw forbidden(ADMIN_MSG.proprioPapel);
    const current = sortRoles((await tx.staffRole.findMany({ where: { usuarioId: user.id }, select: { role: true } })).map((r) => r.role));
    const wanted = sortRoles([...new Set(input.papeis)]);
    const member = { id: user.id, nome: user.nome, email: user.email, papeis: wanted };
    const removed = current.filter((r) => !wanted.includes(r));
    const added = wanted.filter((r) => !current.includes(r));
    if (removed.length === 0 && added.length === 0) return { member, changed: false };
    if (removed.length) await tx.staffRole.deleteMany({ where: { usuarioId: user.id, role: { in: removed } } });
    if (added.length) await tx.staffRole.createMany({ data: added.map((role) => ({ usuarioId: user.id, role })) });
    await recordAudit(tx, {
      actorId: input.actorId,
      action: 'equipe.papeis',
      entity: 'equipe',
      entityId: user.id,
      before: { email: user.email, papeis: current },
      after: { email: user.email, papeis: wanted },
      requestId: input.requestId,
    });
    return { member, changed: true };
  });
}
