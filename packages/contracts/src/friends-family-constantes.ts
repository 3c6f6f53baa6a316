// Zod-free on purpose: the member home imports these, and zod (~24 KB gzipped) must not ride along
// with them (docs/decisions/0016-home-performance.md). The schemas live in friends-family.ts.

/** Spec 001 section 9: 5 coupons of 20% off, valid until the last day of the month. */
export const FRIENDS_FAMILY = { cupons: 5, percentual: 20 } as const;

/** Spec 000 section 2: the coupons are "not valid for the largest cup line". */
export const LINHA_FORA_DOS_CUPONS = 'Tumbler com Canudo 900ml';

export const FRIENDS_FAMILY_MSG = {
  soColaboradores: 'Área exclusiva para colaboradores.',
  restricao: `Uso único por CPF. Não válido para a linha ${LINHA_FORA_DOS_CUPONS}.`,
} as const;

/** 'dd/MM/yyyy' of an 'AAAA-MM-DD' day. */
export const diaBr = (dia: string) => `${dia.slice(8, 10)}/${dia.slice(5, 7)}/${dia.slice(0, 4)}`;
export const validadeTexto = (validoAte: string) => `Válido até ${diaBr(validoAte)}. ${FRIENDS_FAMILY_MSG.restricao}`;
