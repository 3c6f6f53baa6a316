import { z } from 'zod';
import { cepSchema } from './fields.js';

export const cepParamsSchema = z.object({ cep: cepSchema });
/** GET /api/cep/{cep}: the ViaCEP fields the app uses, or the error flag. */
export const cepResponseSchema = z.union([
  z.object({ cep: z.string(), logradouro: z.string(), bairro: z.string(), localidade: z.string(), uf: z.string() }),
  z.object({ erro: z.literal(true) }),
]);
export type CepResponse = z.infer<typeof cepResponseSchema>;
