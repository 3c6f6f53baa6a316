import { z } from 'zod';
export const healthResponseSchema = z.object({ status: z.literal('ok') });
// 200 when every dependency answers; a 503 answers the error format (errors[] names what is down).
export const readyResponseSchema = z.object({ status: z.enum(['ok', 'indisponivel']), database: z.boolean(), redis: z.boolean().optional() });
