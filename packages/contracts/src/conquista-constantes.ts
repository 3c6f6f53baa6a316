// Zod-free on purpose: the member home imports these, and zod (~24 KB gzipped) must not ride along
// with them (docs/decisions/0016-home-performance.md). The schemas live in conquista.ts.

export const NIVEL_MAXIMO = 3;

/**
 * What unlocks each tier (level n = the first n badges, cumulative). Level 1 of 'tempo' is every
 * active member; days count from the account's activation (dataCadastro when missing).
 */
export const LIMIARES_CONQUISTA = {
  tempoDias: [0, 180, 365],
  indicacoesConfirmadas: [1, 5, 15],
  produtosNaColecao: [1, 5, 10],
} as const;

export interface Selo {
  nivel: number;
  nome: string;
  descricao: string;
}

/** 'Nossa Jornada' (time), 'Nível de indicação' (referrals), 'Colecionador' (collection). */
export const SELOS_TEMPO: readonly Selo[] = [
  { nivel: 1, nome: 'Novato', descricao: 'Entrou para a Legião.' },
  { nivel: 2, nome: 'Veterano', descricao: `${LIMIARES_CONQUISTA.tempoDias[1]} dias de Legião.` },
  { nivel: 3, nome: 'Legionário', descricao: `${LIMIARES_CONQUISTA.tempoDias[2]} dias de Legião.` },
];
export const SELOS_INDICACAO: readonly Selo[] = [
  { nivel: 1, nome: 'Recrutador', descricao: `${LIMIARES_CONQUISTA.indicacoesConfirmadas[0]} indicação confirmada.` },
  { nivel: 2, nome: 'Influenciador', descricao: `${LIMIARES_CONQUISTA.indicacoesConfirmadas[1]} indicações confirmadas.` },
  { nivel: 3, nome: 'Embaixador', descricao: `${LIMIARES_CONQUISTA.indicacoesConfirmadas[2]} indicações confirmadas.` },
];
export const SELOS_COLECAO: readonly Selo[] = [
  { nivel: 1, nome: 'Iniciante', descricao: `${LIMIARES_CONQUISTA.produtosNaColecao[0]} produto na coleção.` },
  { nivel: 2, nome: 'Mestre', descricao: `${LIMIARES_CONQUISTA.produtosNaColecao[1]} produtos na coleção.` },
  { nivel: 3, nome: 'Lendário', descricao: `${LIMIARES_CONQUISTA.produtosNaColecao[2]} produtos na coleção.` },
];

export const GRUPOS_SELOS = [
  { chave: 'nivelTempo', titulo: 'Nossa Jornada', selos: SELOS_TEMPO },
  { chave: 'nivelIndicacao', titulo: 'Nível de indicação', selos: SELOS_INDICACAO },
  { chave: 'nivelColecao', titulo: 'Colecionador', selos: SELOS_COLECAO },
] as const;

/** Profile seals: from the personalisation survey. */
export const PERFIS_CONQUISTA = ['estiloso', 'outsider', 'funcional'] as const;
export const SELO_PERFIL: Record<(typeof PERFIS_CONQUISTA)[number], string> = {
  estiloso: 'Lifestyle',
  outsider: 'Outdoor',
  funcional: 'Performance',
};

/** Event badges, earned by redeeming a benefit of that event ('Experiências lendárias'). */
export const EXPERIENCIAS = ['tardezinha', 'poderosas', 'churrasquinho', 'antigas', 'unico', 'jerseyBoys', 'aniversario', 'preBlack'] as const;
export type Experiencia = (typeof EXPERIENCIAS)[number];
export const EXPERIENCIA_NOME: Record<Experiencia, string> = {
  tardezinha: 'Tardezinha',
  poderosas: 'Poderosas',
  churrasquinho: 'Churrasquinho',
  antigas: 'Antigas',
  unico: 'Único',
  jerseyBoys: 'Quatro Vozes',
  aniversario: 'Ano1',
  preBlack: 'Pré Black',
};
