import { z } from 'zod';
import { NIVEL_MAXIMO, PERFIS_CONQUISTA, EXPERIENCIAS } from './conquista-constantes.js';
export * from './conquista-constantes.js';

// Achievements (spec 000 section 3, spec 001 sections 2.22, 3, 4; issue #6). Computed by the server
// from the member's own data; thresholds in docs/decisions/0013-conquistas.md.


export const nivelSchema = z.number().int().min(0).max(NIVEL_MAXIMO);

/** GET /Conquista (bearer): the caller's achievements. */
export const conquistaSchema = z.object({
  numeroLegionario: z.number().int().nullable().describe('Menor número de legião das peças verificadas do membro'),
  membroFundador: z.boolean(),
  perfil: z.enum(PERFIS_CONQUISTA).nullable(),
  nivelTempo: nivelSchema,
  nivelIndicacao: nivelSchema,
  nivelColecao: nivelSchema,
  experiencias: z.array(z.enum(EXPERIENCIAS)),
  progresso: z.object({
    diasDeLegiao: z.number().int(),
    indicacoesConfirmadas: z.number().int(),
    produtosNaColecao: z.number().int(),
  }),
});
export type Conquista = z.infer<typeof conquistaSchema>;
