import type { Db } from '../../db/prisma.js';

export type AdminGrantResult = 'concedido' | 'revogado' | 'sem-mudanca' | 'conta-inexistente';

/** Gives (or takes back) the operator role: usuario.admin, distinct from colaborador. */
export async function setAdmin(prisma: Db, email: string, admin: boolean): Promise<AdminGrantResult> {
  const usuario = await prisma.usuario.findUnique({ where: { email: email.trim().toLowerCase() }, select: { id: true, admin: true } });
  if (!usuario) return 'conta-inexistente';
  if (usuario.admin === admin) return 'sem-mudanca';
  await prisma.usuario.update({ where: { id: usuario.id }, data: { admin } });
  return admin ? 'concedido' : 'revogado';
}
