import type { Achievement } from '@legiao/contracts/conquista';

/** A GET /Conquista answer: a fresh member (Novato only) unless overridden. */
export function makeAchievement(over: Partial<Achievement> = {}): Achievement {
  return {
    numeroLegionario: null,
    membroFundador: false,
    perfil: null,
    nivelTempo: 1,
    nivelIndicacao: 0,
    nivelColecao: 0,
    experiencias: [],
    progresso: { diasDeLegiao: 3, indicacoesConfirmadas: 0, produtosNaColecao: 0 },
    ...over,
  };
}
