import { z } from 'zod';
import { int4Id } from './input-guard.js';

// The personalisation survey (spec 001 sections 2.16, 3, 4 and 7). docs/decisions/0014-pesquisas.md
// One question at a time; each answer returns the next question or the finished state. When the last
// question is answered the server sets the member's perfil and credits 'Enriquecimento de Perfil' once.

export const PESQUISA_TITULO = 'Personalizar Portal';

/** The profiles an answer can point to (the member's perfil after the survey). */
export const PERFIS_PESQUISA = ['funcional', 'outsider', 'estiloso'] as const;
export type PerfilPesquisa = (typeof PERFIS_PESQUISA)[number];

export const PESQUISA_MSG = {
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

export const pesquisaOpcaoSchema = z.object({
  idPesquisaPerguntaResposta: z.number().int(),
  descricao: z.string(),
});
export type PesquisaOpcao = z.infer<typeof pesquisaOpcaoSchema>;

export const pesquisaPerguntaSchema = z.object({
  idPesquisaPergunta: z.number().int(),
  descricao: z.string(),
  respostas: z.array(pesquisaOpcaoSchema),
});
export type PesquisaPergunta = z.infer<typeof pesquisaPerguntaSchema>;

/**
 * GET /pesquisa and POST /pesquisa answer this. `pergunta` is the caller's next unanswered question;
 * when there is none the survey is over: `pergunta: null, finalizada: true` (idPesquisa null only when
 * no personalisation survey exists at all).
 */
export const pesquisaEstadoSchema = z.object({
  idPesquisa: z.number().int().nullable(),
  pergunta: pesquisaPerguntaSchema.nullable(),
  finalizada: z.boolean(),
});
export type PesquisaEstado = z.infer<typeof pesquisaEstadoSchema>;

// Ids are int4 columns: a bigger number is refused here, not by PostgreSQL (a 500 before issue 14).
const idInt = int4Id(PESQUISA_MSG.respostaInvalida);

/** POST /pesquisa (spec 001 section 3). The page sends one id; the server enforces each question's limit. */
export const pesquisaRespostaInputSchema = z.object({
  idPesquisa: int4Id(PESQUISA_MSG.pesquisaInvalida),
  idPesquisaPergunta: int4Id(PESQUISA_MSG.perguntaInvalida),
  idRespostas: z.array(idInt, { error: PESQUISA_MSG.respostaObrigatoria }).min(1, PESQUISA_MSG.respostaObrigatoria).max(10, PESQUISA_MSG.respostasDemais),
});
export type PesquisaRespostaInput = z.infer<typeof pesquisaRespostaInputSchema>;
