import { z } from 'zod';
import { cpfSchema, emailSchema } from '../fields.js';
import { INTEGRATION_SCOPES } from './constants.js';

// The integration API's read calls (docs/decisions/0041-store-integration.md): what a store's key
// is, and whether an e-mail or CPF is a member's. Wire names in Portuguese, as every other call.

export const CONSULTAS_MSG = {
  umCampo: 'Informe email ou cpf (só um deles).',
} as const;

/** GET /api/integracao/v1/eu: the client this key belongs to (a store developer's first call). */
export const integrationMeSchema = z.object({
  clienteId: z.string().describe('Identificador da integração no back office.'),
  nome: z.string().describe('Nome da integração, como cadastrado em /admin/integracoes.'),
  escopos: z.array(z.enum(INTEGRATION_SCOPES)).describe('O que esta chave pode fazer.'),
  limitePorMinuto: z.number().int().describe('Chamadas por minuto desta integração (somando todos os endereços); acima disso, 429 com Retry-After.'),
  chave: z.string().describe('A chave usada, só com a parte pública (lgk_live_<id>…).'),
  chaveExpiraEm: z
    .string()
    .nullable()
    .describe('Quando esta chave para de funcionar (ISO 8601, UTC): preenchido depois de uma rotação; troque-a pela nova antes disso. null: não expira.'),
});
export type IntegrationMe = z.infer<typeof integrationMeSchema>;

/**
 * GET /api/integracao/v1/membros?email= or ?cpf=: exactly one of them. Nothing personal comes back
 * beyond what the store already knows (LGPD): whether there is an account, active, and its kind.
 */
export const memberLookupQuerySchema = z
  .object({
    email: emailSchema.optional().describe('E-mail do comprador (maiúsculas e espaços nas pontas não importam).'),
    cpf: cpfSchema.optional().describe('CPF do comprador, com ou sem pontuação.'),
  })
  .superRefine((q, ctx) => {
    if ((q.email === undefined) === (q.cpf === undefined)) ctx.addIssue({ code: 'custom', message: CONSULTAS_MSG.umCampo, path: [] });
  });
export type MemberLookupQuery = z.infer<typeof memberLookupQuerySchema>;

export const MEMBER_KINDS = ['legionario', 'lead', 'colaborador'] as const;

export const memberStatusSchema = z.object({
  cadastrado: z.boolean().describe('Há uma conta com esse e-mail ou CPF.'),
  ativo: z.boolean().describe('A conta foi ativada e não está bloqueada.'),
  tipo: z.enum(MEMBER_KINDS).nullable().describe('legionario (membro), lead ou colaborador; null sem conta.'),
});
export type MemberStatus = z.infer<typeof memberStatusSchema>;
