import { z } from 'zod';
import { cpfSchema, emailSchema } from '../fields.js';
import { ACCESS_CODE_PATTERN, LAUNCH_MSG } from '../lancamentos.js';

// The store's entitlement check for a launch (issue 31; docs/decisions/0047-launches.md):
// GET /api/integracao/v1/lancamentos/{slug}/direito, scope lancamentos:consultar.

export const entitlementQuerySchema = z
  .object({
    email: emailSchema.optional().describe('E-mail do comprador.'),
    cpf: cpfSchema.optional().describe('CPF do comprador, com ou sem pontuação.'),
    codigo: z
      .string({ message: LAUNCH_MSG.codigo })
      .trim()
      .transform((s) => s.toUpperCase())
      .refine((s) => ACCESS_CODE_PATTERN.test(s), { message: LAUNCH_MSG.codigo })
      .optional()
      .describe('O código pessoal de acesso antecipado (LGA-XXXXXXXXXX). Com email ou cpf, o código precisa ser dessa pessoa.'),
  })
  .superRefine((q, ctx) => {
    const identities = Number(q.email !== undefined) + Number(q.cpf !== undefined);
    if (identities > 1 || (identities === 0 && q.codigo === undefined)) ctx.addIssue({ code: 'custom', message: LAUNCH_MSG.consultaCampos, path: [] });
  });
export type EntitlementQuery = z.infer<typeof entitlementQuerySchema>;

export const entitlementSchema = z.object({
  elegivel: z.boolean().describe('A pessoa (ou o dono do código) está na regra do lançamento agora. Com email/cpf e codigo, false se o código não for dessa pessoa.'),
  emJanela: z.boolean().describe('O acesso antecipado está aberto agora.'),
  cotaTotal: z.number().int().describe('Unidades que a pessoa pode comprar no acesso antecipado (0 se não elegível).'),
  cotaUsada: z.number().int().describe('Unidades já compradas no acesso antecipado.'),
  cotaRestante: z.number().int().describe('cotaTotal - cotaUsada (nunca negativo). Pode vender agora: elegivel && emJanela && cotaRestante > 0.'),
  abreEm: z.string().describe('Quando esta pessoa pode comprar: o início do acesso antecipado se elegível, senão a data pública (ISO 8601, São Paulo).'),
  fechaEm: z.string().nullable().describe('O fim do acesso antecipado, se elegível (ISO 8601, São Paulo); null se não.'),
});
export type Entitlement = z.infer<typeof entitlementSchema>;
