import { z } from 'zod';
import { MAX_LEVEL, ACHIEVEMENT_PROFILES, EXPERIENCES } from './conquista-constants.js';
export * from './conquista-constants.js';

// Achievements (spec 000 section 3, spec 001 sections 2.22, 3, 4; issue #6). Computed by the server
// from the member's own data; thresholds in docs/decisions/0013-conquistas.md.


export const levelSchema = z.number().int().min(0).max(MAX_LEVEL);

/** GET /Conquista (bearer): the caller's achievements. */
export const achievementSchema = z.object({
  numeroLegionario: z.number().int().nullable().describe('Menor número de legião das peças verificadas do membro'),
  membroFundador: z.boolean(),
  perfil: z.enum(ACHIEVEMENT_PROFILES).nullable(),
  nivelTempo: levelSchema,
  nivelIndicacao: levelSchema,
  nivelColecao: levelSchema,
  experiencias: z.array(z.enum(EXPERIENCES)),
  progresso: z.object({
    diasDeLegiao: z.number().int(),
    indicacoesConfirmadas: z.number().int(),
    produtosNaColecao: z.number().int(),
  }),
});
export type Achievement = z.infer<typeof achievementSchema>;
