// Zod-free on purpose: the member home imports these, and zod (~24 KB gzipped) must not ride along
// with them (docs/decisions/0016-home-performance.md). The schemas live in extrato.ts.

/**
 * Units of balance: pontos. One confirmed referral is worth 1 ponto, so a benefit's valor reads as
 * "referrals required" (spec 000 section 3) and the progress bar is saldo / valor * 100.
 */
export const POINTS = {
  /** A confirmed referral (the referred member is active and has a verified purchase). */
  indicacao: 1,
  /** Each verified purchase entry (one product of one order the brand registered). */
  compra: 1,
  /** Once per member, when the personalisation survey is completed. */
  enriquecimentoPerfil: 1,
} as const;

/**
 * Statement reasons, as the spec writes them (spec 001 section 9), plus staff adjustments (ADR 0031)
 * and the reversals of a cancelled store order: its purchase credit, and the referral it alone had
 * confirmed (ADR 0041).
 */
export const STATEMENT_REASONS = ['Compra', 'Indicação', 'Enriquecimento de Perfil', 'Resgate de Benefício', 'Ajuste de Saldo', 'Estorno: compra cancelada', 'Estorno: indicação'] as const;
export type StatementReason = (typeof STATEMENT_REASONS)[number];

export const STATEMENT_MSG = {
  mesInvalido: 'Mês inválido.',
  anoInvalido: 'Ano inválido.',
} as const;
