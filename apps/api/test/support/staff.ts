import type { StaffRole } from '@legiao/contracts';
import { STAFF_ROLES } from '@legiao/contracts';
import type { TestApp } from './app.js';
import { bearer, createUser, login } from './factories.js';

// Back-office tests (docs/decisions/0027-back-office.md): a logged-in account per role, to check each
// /api/admin route for the roles allowed (2xx), the others (403) and no session (401).

export interface StaffSession {
  id: string;
  email: string;
  headers: { authorization: string };
}

/** A fresh account holding `roles` (none: a plain member), logged in. */
export async function createStaff(t: TestApp, roles: readonly StaffRole[]): Promise<StaffSession> {
  const { usuario: user, email } = await createUser(t.prisma);
  if (roles.length) await t.prisma.staffRole.createMany({ data: roles.map((role) => ({ usuarioId: user.id, role })) });
  return { id: user.id, email, headers: bearer(await login(t.app, email)) };
}

/** One session per role, plus a member with none: `{ admin, marketing, atendimento, operacao, membro }`. */
export async function createStaffByRole(t: TestApp): Promise<Record<StaffRole | 'membro', StaffSession>> {
  const entries = await Promise.all([...STAFF_ROLES.map(async (r) => [r, await createStaff(t, [r])] as const), (async () => ['membro', await createStaff(t, [])] as const)()]);
  return Object.fromEntries(entries) as Record<StaffRole | 'membro', StaffSession>;
}
