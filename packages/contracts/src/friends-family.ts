import { z } from 'zod';

// Friends and Family (spec 001 sections 2.20, 6, 9; spec 000 sections 2, 6). docs/decisions/0009-economy.md

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

export const cupomFriendsFamilySchema = z.object({
  cupom: z.string(),
  ordem: z.number().int().describe('1 a 5'),
  percentual: z.number().int(),
  validoAte: z.string().describe('AAAA-MM-DD: último dia do mês (horário de Brasília)'),
  validade: z.string().describe("Texto pronto: 'Válido até 30/11/2026. Uso único por CPF. ...'"),
  usoCupom: z.boolean(),
  dataUsoCupom: z.string().nullable(),
});
export type CupomFriendsFamily = z.infer<typeof cupomFriendsFamilySchema>;

/** GET /friends-family: staff only (others get 403 and the web app goes to /home). */
export const friendsFamilyResponseSchema = z.array(cupomFriendsFamilySchema);
