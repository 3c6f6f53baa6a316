import { CONSENT_CLOCK_SLACK_MS, MEMBER_DATA_MSG, type ConsentReport, type ConsentReportResult } from '@legiao/contracts/integracao/membros';
import type { ConsentChannel } from '@legiao/contracts';
import type { Db } from '../../db/prisma.js';
import { AppError, badRequest, notFound } from '../../errors/app-error.js';
import type { ApiClient } from './client-auth.js';
import { memberRows, UUID_PATTERN } from './member-data.js';
import { consentsOf } from '../consentimento/last-changes.js';

// POST /api/integracao/v1/membros/{id}/consentimentos (scope consentimentos:escrever;
// docs/decisions/0045-crm-personal-data.md): the CRM reports an unsubscribe (or a consent) that
// happened there at `em`. Applied only if `em` is later than the last change of that channel in the
// member's history, so an older report never undoes a newer change (a withdrawal in the portal is
// not overwritten by a grant the CRM saw earlier), and the same report twice writes one row: the
// history row carries `em` as its time, and the second call finds it "not older".

const FLAG: Record<ConsentChannel, 'opt_in_email' | 'opt_in_sms' | 'opt_in_whatsapp'> = { email: 'opt_in_email', sms: 'opt_in_sms', whatsapp: 'opt_in_whatsapp' };

export async function reportConsent(prisma: Db, client: ApiClient, id: string, report: ConsentReport, now = Date.now()): Promise<ConsentReportResult> {
  if (!UUID_PATTERN.test(id)) throw notFound(MEMBER_DATA_MSG.membroNaoEncontrado);
  const at = new Date(report.em);
  if (at.getTime() > now + CONSENT_CLOCK_SLACK_MS) throw badRequest(MEMBER_DATA_MSG.emNoFuturo, 'EM_NO_FUTURO');
  const memberId = id.toLowerCase();
  const flag = FLAG[report.canal];

  const reason = await prisma.$transaction(async (tx) => {
    // The member's row locked: two reports of one member are applied one after the other.
    const [member] = await tx.$queryRaw<{ ativado: boolean; excluido: boolean; atual: boolean }[]>`
      SELECT ativado_em IS NOT NULL AS ativado, excluido_em IS NOT NULL AS excluido,
             CASE ${report.canal} WHEN 'email' THEN opt_in_email WHEN 'sms' THEN opt_in_sms ELSE opt_in_whatsapp END AS atual
        FROM usuario WHERE id = ${memberId}::uuid FOR UPDATE`;
    if (!member || !member.ativado) throw notFound(MEMBER_DATA_MSG.membroNaoEncontrado);
    if (member.excluido) throw new AppError('GONE', MEMBER_DATA_MSG.membroExcluido, 'MEMBRO_EXCLUIDO');
    const last = await tx.consentimento.findFirst({ where: { usuarioId: memberId, canal: report.canal }, orderBy: { criadoEm: 'desc' }, select: { criadoEm: true } });
    if (last && last.criadoEm.getTime() >= at.getTime()) return MEMBER_DATA_MSG.maisAntiga;
    if (member.atual === report.concedido) return MEMBER_DATA_MSG.igual;
    // A withdrawal is remembered as the profile's are (opt_out): sign-up doesn't offer the boxes again.
    await tx.$executeRawUnsafe(
      `UPDATE usuario SET ${flag} = $2, opt_out = opt_out OR NOT $2, data_atualizacao = now() AT TIME ZONE 'UTC' WHERE id = $1::uuid`,
      memberId,
      report.concedido,
    );
    await tx.consentimento.create({ data: { usuarioId: memberId, canal: report.canal, concedido: report.concedido, origem: 'integracao', clienteId: client.id, criadoEm: at } });
    return null;
  });

  const [row] = await memberRows(prisma, [memberId]);
  const state = consentsOf(row!)[report.canal];
  return { aplicado: reason === null, motivo: reason, consentimento: { canal: report.canal, ...state } };
}
