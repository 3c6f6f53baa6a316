// Zod-free on purpose: the member home imports these, and zod (~24 KB gzipped) must not ride along
// with them (docs/decisions/0016-home-performance.md). The schemas live in friends-family.ts.

/** Spec 001 section 9: 5 coupons of 20% off, valid until the last day of the month. */
export const FRIENDS_FAMILY = { cupons: 5, percentual: 20 } as const;

/** Spec 000 section 2: the coupons are "not valid for the largest cup line". */
export const COUPONS_OUTSIDE_LINE = 'Tumbler com Canudo 900ml';

export const FRIENDS_FAMILY_MSG = {
  soColaboradores: 'Área exclusiva para colaboradores.',
  restricao: `Uso único por CPF. Não válido para a linha ${COUPONS_OUTSIDE_LINE}.`,
} as const;

/** 'dd/MM/yyyy' of an 'AAAA-MM-DD' day. */
export const dayBr = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
export const validityText = (validUntil: string) => `Válido até ${dayBr(validUntil)}. ${FRIENDS_FAMILY_MSG.restricao}`;
