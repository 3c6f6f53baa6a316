import type { FastifyInstance } from 'fastify';
import { BOUNCED_EMAIL_MSG } from '@legiao/contracts';

// The member's side of "Bounces that arrive later" (docs/decisions/0049-launch-alert-waves.md): a hard
// bounce to the account's address sets usuario.email_devolvido_em, and launch alerts skip the address
// for 90 days (features/lancamentos/alert-bounced.ts). GET /usuario/logged carries the mark
// (`emailDevolvidoEm`), so the web tells the member; a member whose address is right says so here, and
// the alerts go to it again. A wrong address is fixed by the e-mail change, whose trigger clears the
// mark (migration 20261129030000).

/**
 * Clears the bounce mark of the session's own account: the call names no account, so no member can
 * clear another's. Idempotent (a mark already clear changes nothing). Plain SQL, not Prisma's update:
 * `data_atualizacao` (the profile's last edit) stays as it was. No column the CRM sync or the webhooks
 * watch changes (usuario_alterado, webhook_membro_atualizado), so nothing about it leaves the portal.
 */
export async function confirmBouncedEmail(app: FastifyInstance, userId: string): Promise<{ message: string }> {
  await app.ctx.prisma.$executeRaw`UPDATE usuario SET email_devolvido_em = NULL WHERE id = ${userId}::uuid AND email_devolvido_em IS NOT NULL`;
  return { message: BOUNCED_EMAIL_MSG.confirmado };
}
