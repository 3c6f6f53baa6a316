import { z } from 'zod';
import { int4Id } from './input-guard.js';

// The personalisation survey (spec 001 sections 2.16, 3, 4 and 7). docs/decisions/0014-pesquisas.md
// One question at a time; each answer returns the next question or the finished state. When the last
// question is answered the server sets the member's perfil and credits 'Enriquecimento de Perfil' once.

export const SURVEY_TITLE = 'Personalizar Portal';

/** The profiles an answer can point to (the member's perfil after the survey). */
export const SURVEY_PROFILES = ['funcional', 'outsider', 'estiloso'] as const;
export type SurveyProfile = (typeof SURVEY_PROFILES)[number];

export const SURVEY_MSG = {
  /** The end view, also shown when loading fails (spec 001 sections 2.16 and 8). */
  encerrada: 'Obrigado! Pesquisa encerrada.',
  pesquisaInvalida: 'Pesquisa não encontrada.',
  pesquisaFinalizada: 'Você já respondeu esta pesquisa.',
  perguntaNaoAtual: 'Esta pergunta já foi respondida ou ainda não chegou a sua vez. Recarregue a pesquisa.',
  perguntaInvalida: 'Pergunta não encontrada nesta pesquisa.',
  respostaObrigatoria: 'Escolha uma resposta.',
  respostaInvalida: 'Resposta inválida para esta pergunta.',
  respostasDemais: 'Escolha no máximo uma resposta para esta pergunta.',
} as const;

export const surveyOptionSchema = z.object({
  idPesquisaPerguntaResposta: z.number().int(),
  descricao: z.string(),
});
export type SurveyOption = z.infer<typeof surveyOptionSchema>;

export const surveyQuestionSchema = z.object({
  idPesquisaPergunta: z.number().int(),
  descricao: z.string(),
  respostas: z.array(surveyOptionSchema),
});
export type SurveyQuestion = z.infer<typeof surveyQuestionSchema>;

/**
 * GET /pesquisa and POST /pesquisa answer this. `pergunta` is the caller's next unanswered question;
 * when there is none the survey is over: `pergunta: null, finalizada: true` (idPesquisa null only when
 * no personalisation survey exists at all).
 */
export const surveyStateSchema = z.object({
  idPesquisa: z.number().int().nullable(),
  pergunta: surveyQuestionSchema.nullable(),
  finalizada: z.boolean(),
});
export type SurveyState = z.infer<typeof surveyStateSchema>;

// Ids are int4 columns: a bigger number is refused here, not by PostgreSQL (a 500 before issue 14).
const idInt = int4Id(SURVEY_MSG.respostaInvalida);

/** POST /pesquisa (spec 001 section 3). The page sends one id; the server enforces each question's limit. */
export const surveyAnswerInputSchema = z.object({
  idPesquisa: int4Id(SURVEY_MSG.pesquisaInvalida),
  idPesquisaPergunta: int4Id(SURVEY_MSG.perguntaInvalida),
  idRespostas: z.array(idInt, { error: SURVEY_MSG.respostaObrigatoria }).min(1, SURVEY_MSG.respostaObrigatoria).max(10, SURVEY_MSG.respostasDemais),
});
export type SurveyAnswerInput = z.infer<typeof surveyAnswerInputSchema>;
