import { z } from 'zod';
export * from './friends-family-constants.js';

// Friends and Family (spec 001 sections 2.20, 6, 9; spec 000 sections 2, 6). docs/decisions/0009-economy.md

export const friendsFamilyCouponSchema = z.object({
  cupom: z.string(),
  ordem: z.number().int().describe('1 a 5'),
  percentual: z.number().int(),
  validoAte: z.string().describe('AAAA-MM-DD: último dia do mês (horário de Brasília)'),
  validade: z.string().describe("Texto pronto: 'Válido até 30/11/2026. Uso único por CPF. ...'"),
  usoCupom: z.boolean(),
  dataUsoCupom: z.string().nullable(),
});
export type FriendsFamilyCoupon = z.infer<typeof friendsFamilyCouponSchema>;

/** GET /friends-family: staff only (others get 403 and the web app goes to /home). */
export const friendsFamilyResponseSchema = z.array(friendsFamilyCouponSchema);
