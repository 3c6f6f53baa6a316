import { z } from 'zod';
import { INT4_MAX } from '../input-guard';
import { PROFILES } from '../usuario';
import { adminPageQuerySchema, adminPageSchema } from './paging';

// Back office: surveys (issue 16 item 7; docs/decisions/0029-back-office-content.md, ADR 0014).
// Satisfaction campaigns are editions: a new one copies the current questions and becomes the one
// members answer; its phase opens and closes by data_fim. The personalisation survey's texts are
// editable in place (questions are never added or renumbered: answers point at them).

export const SURVEY_ADMIN_MSG = {
  naoEncontrada: 'Pesquisa não encontrada.',
  perguntaNaoEncontrada: 'Pergunta não encontrada.',
  opcaoDeOutraPergunta: 'Uma das opções não é desta pergunta.',
  semModelo: 'Não há pesquisa de satisfação para copiar as perguntas.',
  fimNoPassado: 'Para abrir a fase, escolha um fim no futuro (ou deixe sem fim).',
  soSatisfacao: 'Só a pesquisa de satisfação tem fase e links.',
} as const;

const instant = z.iso.datetime({ offset: true, message: 'Data e hora inválidas.' });

export const surveySummarySchema = z.object({
  id: z.number().int(),
  chave: z.string(),
  tipo: z.enum(['personalizacao', 'satisfacao']),
  nome: z.string(),
  ativa: z.boolean(),
  /** The one members answer now (the active one of its tipo with the highest id). */
  atual: z.boolean(),
  dataFim: z.string().nullable(),
  faseAberta: z.boolean(),
  perguntas: z.number().int(),
  participacoes: z.number().int(),
  concluidas: z.number().int(),
  criadaEm: z.string(),
});
export type SurveySummary = z.infer<typeof surveySummarySchema>;
export const surveysListSchema = z.array(surveySummarySchema);

export const surveyIdParamsSchema = z.object({
  id: z.coerce.number({ message: SURVEY_ADMIN_MSG.naoEncontrada }).int({ message: SURVEY_ADMIN_MSG.naoEncontrada }).positive({ message: SURVEY_ADMIN_MSG.naoEncontrada }).max(INT4_MAX, { message: SURVEY_ADMIN_MSG.naoEncontrada }),
});

/** POST /api/admin/pesquisas: a new satisfaction campaign (a copy of the current questions). */
export const newCampaignInputSchema = z
  .object({
    nome: z.string({ message: 'Informe o nome da campanha.' }).trim().min(1, { message: 'Informe o nome da campanha.' }).max(120, { message: 'Nome: no máximo 120 caracteres.' }),
    /** When the phase ends (null: open until closed). */
    dataFim: instant.nullable().optional(),
  })
  .strict();
export type NewCampaignInput = z.input<typeof newCampaignInputSchema>;

/** PUT /api/admin/pesquisas/{id}/fase: close now, or open (until dataFim, or without an end). */
export const phaseInputSchema = z.object({ aberta: z.boolean({ message: 'Informe se a fase fica aberta.' }), dataFim: instant.nullable().optional() }).strict();
export type PhaseInput = z.input<typeof phaseInputSchema>;

export const optionAdminSchema = z.object({
  id: z.number().int(),
  ordem: z.number().int(),
  descricao: z.string(),
  perfil: z.string().nullable(),
  complemento: z.boolean(),
  exigeComplemento: z.boolean(),
  textoComplemento: z.string().nullable(),
});
export const questionAdminSchema = z.object({
  id: z.number().int(),
  ordem: z.number().int(),
  pagina: z.number().int(),
  descricao: z.string(),
  maxRespostas: z.number().int(),
  opcoes: z.array(optionAdminSchema),
});
export type QuestionAdmin = z.infer<typeof questionAdminSchema>;
export const questionsAdminSchema = z.array(questionAdminSchema);

export const questionIdParamsSchema = z.object({
  id: z.coerce.number({ message: SURVEY_ADMIN_MSG.perguntaNaoEncontrada }).int({ message: SURVEY_ADMIN_MSG.perguntaNaoEncontrada }).positive({ message: SURVEY_ADMIN_MSG.perguntaNaoEncontrada }).max(INT4_MAX, { message: SURVEY_ADMIN_MSG.perguntaNaoEncontrada }),
});

const questionText = z.string({ message: 'Informe o texto.' }).trim().min(1, { message: 'Informe o texto.' }).max(500, { message: 'No máximo 500 caracteres.' });
/** PUT /api/admin/pesquisas/perguntas/{id}: the texts (and the perfil an option points to); never the structure. */
export const questionEditInputSchema = z
  .object({
    descricao: questionText,
    opcoes: z
      .array(z.object({ id: z.number().int().positive().max(INT4_MAX), descricao: questionText, perfil: z.enum(PROFILES, { message: 'Perfil inválido.' }).nullable().optional() }).strict())
      .max(50),
  })
  .strict();
export type QuestionEditInput = z.input<typeof questionEditInputSchema>;

export const LINK_STATUSES = ['nao-iniciada', 'em-andamento', 'concluida'] as const;
export const linksQuerySchema = adminPageQuerySchema(['nome'] as const).extend({ q: z.string().trim().max(120).optional() });
export const memberLinkSchema = z.object({
  usuarioId: z.string(),
  nome: z.string(),
  email: z.string(),
  link: z.string(),
  situacao: z.enum(LINK_STATUSES),
  pagina: z.number().int().nullable(),
});
export type MemberLink = z.infer<typeof memberLinkSchema>;
export const linksPageSchema = adminPageSchema(memberLinkSchema);

export const answersQuerySchema = adminPageQuerySchema(['criadaEm'] as const).extend({ situacao: z.enum(['concluida', 'em-andamento'], { message: 'Situação inválida.' }).optional() });
export const answerItemSchema = z.object({ perguntaOrdem: z.number().int(), pergunta: z.string(), opcao: z.string().nullable(), complemento: z.string().nullable() });
/** One participation. Members are named by first name only: the answers are read by every staff role. */
export const participationAdminSchema = z.object({
  id: z.number().int(),
  primeiroNome: z.string(),
  pagina: z.number().int(),
  concluidaEm: z.string().nullable(),
  cupom: z.string().nullable(),
  perfil: z.string().nullable(),
  criadaEm: z.string(),
  respostas: z.array(answerItemSchema),
});
export type ParticipationAdmin = z.infer<typeof participationAdminSchema>;
export const answersPageSchema = adminPageSchema(participationAdminSchema);
