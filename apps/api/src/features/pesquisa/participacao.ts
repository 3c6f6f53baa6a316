import type { Prisma } from '../../generated/prisma/client.js';
import type { TipoPesquisa } from '../../generated/prisma/enums.js';

// What both surveys share: the current survey of a tipo, and the participation row that every
// answer locks. docs/decisions/0014-pesquisas.md

type Db = Prisma.TransactionClient;

/** The survey members answer now: the active one of the tipo with the highest id. */
export function pesquisaAtual(db: Db, tipo: TipoPesquisa) {
  return db.pesquisa.findFirst({ where: { tipo, ativa: true }, orderBy: { id: 'desc' } });
}

export interface ParticipacaoTravada {
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
export async function travarParticipacao(tx: Db, pesquisaId: number, usuarioId: string): Promise<ParticipacaoTravada> {
  await tx.pesquisaParticipacao.createMany({ data: [{ pesquisaId, usuarioId }], skipDuplicates: true });
  const [row] = await tx.$queryRaw<ParticipacaoTravada[]>`
    SELECT id, pagina, concluida_em AS "concluidaEm", cupom
      FROM pesquisa_participacao
     WHERE pesquisa_id = ${pesquisaId} AND usuario_id = ${usuarioId}::uuid
       FOR UPDATE`;
  return row!;
}
