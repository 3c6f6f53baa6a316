import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ADMIN_MSG, can, type Permission, type StaffRole } from '@legiao/contracts';
import { forbidden } from '../../errors/app-error.js';
import { poolOf, type Db, type SqlPool } from '../../db/prisma.js';
import { markGuard } from '../../plugins/auth.js';

// Back-office access (docs/decisions/0027-back-office.md): every /api/admin route names the
// permission it needs; roles map to permissions in packages/contracts/src/admin/roles.ts, the same
// table the web uses to hide what a role cannot use.

export interface StaffIdentity {
  id: string;
  email: string;
  nome: string;
  roles: StaffRole[];
}

type Hook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * An onRequest hook: 401 without a live session, 403 without the permission; on success
     * request.staff holds who is acting. Only onRequest (the auth plugin refuses to boot otherwise):
     * a caller without the permission is refused before their input is even read (issue 23 §4.1).
     */
    requirePermission: (permission: Permission) => Hook;
    /** Any staff role at all (the shell's own call, GET /api/admin/eu). */
    requireStaff: Hook;
  }
  interface FastifyRequest {
    staff: StaffIdentity;
  }
}

/** The roles an account holds, straight from the table (a revoked role stops working at once). */
export async function loadStaffRoles(db: Db | SqlPool, userId: string): Promise<StaffRole[]> {
  const pool = 'query' in db ? db : poolOf(db);
  // Ordered as the enum (STAFF_ROLES' order), not alphabetically.
  const { rows } = await pool.query<{ role: StaffRole }>({
    name: 'admin-papeis',
    text: 'SELECT papel::text AS role FROM equipe_papel WHERE usuario_id = $1 ORDER BY papel',
    values: [userId],
  });
  return rows.map((r) => r.role);
}

export const permissionsPlugin = fp(async (app) => {
  app.decorateRequest('staff', null as unknown as StaffIdentity);
  const pool = poolOf(app.ctx.prisma);

  async function identify(request: FastifyRequest, reply: FastifyReply): Promise<StaffIdentity> {
    await app.authenticate(request, reply);
    const { id, email, nome: name } = request.usuario;
    const staff = { id, email, nome: name, roles: await loadStaffRoles(pool, id) };
    request.staff = staff;
    return staff;
  }

  app.decorate(
    'requireStaff',
    markGuard('requireStaff', async (request: FastifyRequest, reply: FastifyReply) => {
      const staff = await identify(request, reply);
      if (staff.roles.length === 0) throw forbidden(ADMIN_MSG.somenteEquipe);
    }),
  );

  app.decorate('requirePermission', (permission: Permission): Hook =>
    markGuard(`permission:${permission}`, async (request, reply) => {
      const staff = await identify(request, reply);
      if (!can(staff.roles, permission)) throw forbidden(ADMIN_MSG.semPermissao);
    }),
  );
});

/** The name the waiting-room panel (BO-C) was written against. */
export const readRoles = loadStaffRoles;
