// Zod-free on purpose: the member home imports these, and zod (~24 KB gzipped) must not ride along
// with them (docs/decisions/0016-home-performance.md). The schemas live in conquista.ts.

export const MAX_LEVEL = 3;

/**
 * What unlocks each tier (level n = the first n badges, cumulative). Level 1 of 'tempo' is every
 * active member; days count from the account's activation (dataCadastro when missing).
 */
export const ACHIEVEMENT_THRESHOLDS = {
  tempoDias: [0, 180, 365],
  indicacoesConfirmadas: [1, 5, 15],
  produtosNaColecao: [1, 5, 10],
} as const;

export interface Seal {
  nivel: number;
  nome: string;
  descricao: string;
}

/** 'Nossa Jornada' (time), 'Nível de indicação' (referrals), 'Colecionador' (collection). */
export const TIME_SEALS: readonly Seal[] = [
  { nivel: 1, nome: 'Novato', descricao: 'Entrou para a Legião.' },
  { nivel: 2, nome: 'Veterano', descricao: `${ACHIEVEMENT_THRESHOLDS.tempoDias[1]} dias de Legião.` },
  { nivel: 3, nome: 'Legionário', descricao: `${ACHIEVEMENT_THRESHOLDS.tempoDias[2]} dias de Legião.` },
];
export const REFERRAL_SEALS: readonly Seal[] = [
  { nivel: 1, nome: 'Recrutador', descricao: `${ACHIEVEMENT_THRESHOLDS.indicacoesConfirmadas[0]} indicação confirmada.` },
  { nivel: 2, nome: 'Influenciador', descricao: `${ACHIEVEMENT_THRESHOLDS.indicacoesConfirmadas[1]} indicações confirmadas.` },
  { nivel: 3, nome: 'Embaixador', descricao: `${ACHIEVEMENT_THRESHOLDS.indicacoesConfirmadas[2]} indicações confirmadas.` },
];
export const COLLECTION_SEALS: readonly Seal[] = [
  { nivel: 1, nome: 'Iniciante', descricao: `${ACHIEVEMENT_THRESHOLDS.produtosNaColecao[0]} produto na coleção.` },
  { nivel: 2, nome: 'Mestre', descricao: `${ACHIEVEMENT_THRESHOLDS.produtosNaColecao[1]} produtos na coleção.` },
  { nivel: 3, nome: 'Lendário', descricao: `${ACHIEVEMENT_THRESHOLDS.produtosNaColecao[2]} produtos na coleção.` },
];

export const SEAL_GROUPS = [
  { chave: 'nivelTempo', titulo: 'Nossa Jornada', selos: TIME_SEALS },
  { chave: 'nivelIndicacao', titulo: 'Nível de indicação', selos: REFERRAL_SEALS },
  { chave: 'nivelColecao', titulo: 'Colecionador', selos: COLLECTION_SEALS },
] as const;

/** Profile seals: from the personalisation survey. */
export const ACHIEVEMENT_PROFILES = ['estiloso', 'outsider', 'funcional'] as const;
export const PROFILE_SEAL: Record<(typeof ACHIEVEMENT_PROFILES)[number], string> = {
  estiloso: 'Lifestyle',
  outsider: 'Outdoor',
  funcional: 'Performance',
};

/** Event badges, earned by redeeming a benefit of that event ('Experiências lendárias'). */
export const EXPERIENCES = ['tardezinha', 'poderosas', 'churrasquinho', 'antigas', 'unico', 'jerseyBoys', 'aniversario', 'preBlack'] as const;
export type Experience = (typeof EXPERIENCES)[number];
export const EXPERIENCE_NAME: Record<Experience, string> = {
  tardezinha: 'Tardezinha',
  poderosas: 'Poderosas',
  churrasquinho: 'Churrasquinho',
  antigas: 'Antigas',
  unico: 'Único',
  jerseyBoys: 'Quatro Vozes',
  aniversario: 'Ano1',
  preBlack: 'Pré Black',
};
