import type { Prisma } from '../../generated/prisma/client.js';
import type { TipoPesquisa } from '../../generated/prisma/enums.js';

// What both surveys share: the current survey of a tipo, and the participation row that every
// answer locks. docs/decisions/0014-pesquisas.md

type Db = Prisma.TransactionClient;

/** The survey members answer now: the active one of the tipo with the highest id. */
export function currentSurvey(db: Db, kind: TipoPesquisa) {
  return db.pesquisa.findFirst({ where: { tipo: kind, ativa: true }, orderBy: { id: 'desc' } });
}

export interface LockedParticipation {
  id: number;
  pagina: number;
  concluidaEm: Date | null;
  cupom: string | null;
}

/**
 * The member's participation in the survey, created when missing and locked (FOR UPDATE) until the
 * transaction ends: two answers of the same member run one after the other, so the second sees what
 * the first stored (its question already answered, its page already passed) and never stores twice.
 * ON CONFLICT DO NOTHING makes the concurrent first insert safe: the loser waits for the winner's row.
 */
export async function lockParticipation(tx: Db, surveyId: number, userId: string): Promise<LockedParticipation> {
  await tx.pesquisaParticipacao.createMany({ data: [{ pesquisaId: surveyId, usuarioId: userId }], skipDuplicates: true });
  const [row] = await tx.$queryRaw<LockedParticipation[]>`
    SELECT id, pagina, concluida_em AS "concluidaEm", cupom
      FROM pesquisa_participacao
     WHERE pesquisa_id = ${surveyId} AND usuario_id = ${userId}::uuid
       FOR UPDATE`;
  return row!;
}
