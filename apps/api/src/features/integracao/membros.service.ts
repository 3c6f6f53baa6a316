import type { MemberLookupQuery, MemberStatus } from '@legiao/contracts/integracao/consultas';
import type { Db } from '../../db/prisma.js';

/**
 * GET /api/integracao/v1/membros: whether the e-mail or CPF the store already holds is a member's.
 * Only what the store needs to decide what to tell its customer (LGPD: nothing else about the
 * person): an account exists, it is active (activated, not blocked), and its kind. An anonymised
 * (deleted) account is no account.
 */
export async function findMemberStatus(prisma: Db, q: MemberLookupQuery): Promise<MemberStatus> {
  const user = await prisma.usuario.findFirst({
    where: { ...(q.email !== undefined ? { email: q.email } : { cpf: q.cpf }), excluidoEm: null },
    select: { ativo: true, bloqueadoEm: true, tipo: true },
  });
  if (!user) return { cadastrado: false, ativo: false, tipo: null };
  return { cadastrado: true, ativo: user.ativo && !user.bloqueadoEm, tipo: user.tipo };
}
