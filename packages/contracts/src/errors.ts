import { z } from 'zod';

/** The one error shape every API failure answers with. */
export const errorResponseSchema = z.object({
  errors: z.array(z.object({ message: z.string(), code: z.string().optional() })).min(1),
  /** The request's id (also in the X-Request-Id header and on the server's log lines): what support asks for. */
  requestId: z.string().optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;
