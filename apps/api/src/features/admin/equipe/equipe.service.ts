import { ADMIN_MSG, STAFF_ROLES, type StaffRole } from '@legiao/contracts';
import { parseOrdem, type AdminPage } from '@legiao/contracts/admin/paging';
import type { StaffListQuery, StaffMember } from '@legiao/contracts/admin/equipe';
import { Prisma } from '../../../generated/prisma/client.js';
import type { Db } from '../../../db/prisma.js';
import { forbidden, notFound } from '../../../errors/app-error.js';
import { recordAudit } from '../audit/audit.service.js';

// Staff roles (docs/decisions/0027-back-office.md). Only 'staff.manage' (admin) reaches these writes.

/** People holding at least one role, filtered by name/e-mail and role. */
export async function listStaff(prisma: Db, q: StaffListQuery): Promise<AdminPage<StaffMember>> {
  const busca = q.busca?.trim();
  const where: Prisma.UsuarioWhereInput = {
    staffRoles: q.papel ? { some: { role: q.papel } } : { some: {} },
    ...(busca ? { OR: [{ nome: { contains: busca, mode: 'insensitive' } }, { email: { contains: busca.toLowerCase() } }] } : {}),
  };
  const ordem = parseOrdem(q.ordem) ?? { campo: 'nome', desc: false };
  const dir = ordem.desc ? 'desc' : 'asc';
  const [total, rows] = await Promise.all([
    prisma.usuario.count({ where }),
    prisma.usuario.findMany({
      where,
      orderBy: [ordem.campo === 'email' ? { email: dir } : { nome: dir }, { id: 'asc' }],
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
    const [usuario] = await tx.$queryRaw<{ id: string; nome: string; email: string }[]>`
      SELECT id::text, nome, email FROM usuario WHERE email = ${input.email.trim().toLowerCase()} AND excluido_em IS NULL FOR UPDATE`;
    if (!usuario) throw notFound(ADMIN_MSG.contaInexistente);
    if (input.actorId !== null && usuario.id === input.actorId) throw forbidden(ADMIN_MSG.proprioPapel);
    const current = sortRoles((await tx.staffRole.findMany({ where: { usuarioId: usuario.id }, select: { role: true } })).map((r) => r.role));
    const wanted = sortRoles([...new Set(input.papeis)]);
    const member = { id: usuario.id, nome: usuario.nome, email: usuario.email, papeis: wanted };
    const removed = current.filter((r) => !wanted.includes(r));
    const added = wanted.filter((r) => !current.includes(r));
    if (removed.length === 0 && added.length === 0) return { member, changed: false };
    if (removed.length) await tx.staffRole.deleteMany({ where: { usuarioId: usuario.id, role: { in: removed } } });
    if (added.length) await tx.staffRole.createMany({ data: added.map((role) => ({ usuarioId: usuario.id, role })) });
    await recordAudit(tx, {
      actorId: input.actorId,
      action: 'equipe.papeis',
      entity: 'equipe',
      entityId: usuario.id,
      before: { email: usuario.email, papeis: current },
      after: { email: usuario.email, papeis: wanted },
      requestId: input.requestId,
    });
    return { member, changed: true };
  });
}
