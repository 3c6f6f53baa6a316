import type { Db } from '../../db/prisma.js';
import { AppError } from '../../errors/app-error.js';
import { setStaffRoles } from './equipe/equipe.service.js';

export type AdminGrantResult = 'concedido' | 'revogado' | 'sem-mudanca' | 'conta-inexistente';

/**
 * Gives (or takes back) the back office's 'admin' role (equipe_papel; usuario.admin mirrors it),
 * keeping any other role the account holds. Audited like a grant made on the roles screen, with no
 * author and request id 'cli'.
 */
export async function setAdmin(prisma: Db, email: string, admin: boolean): Promise<AdminGrantResult> {
  const user = await prisma.usuario.findUnique({ where: { email: email.trim().toLowerCase() }, select: { id: true, staffRoles: { select: { role: true } } } });
  if (!user) return 'conta-inexistente';
  const roles = user.staffRoles.map((r) => r.role);
  const nextRoles = admin ? [...roles, 'admin' as const] : roles.filter((r) => r !== 'admin');
  try {
    const { changed } = await setStaffRoles(prisma, { email, papeis: nextRoles, actorId: null, requestId: 'cli' });
    if (!changed) return 'sem-mudanca';
  } catch (err) {
    if (err instanceof AppError && err.code === 'NOT_FOUND') return 'conta-inexistente';
    throw err;
  }
  return admin ? 'concedido' : 'revogado';
}
