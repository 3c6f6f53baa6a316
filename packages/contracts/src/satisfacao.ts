import { z } from 'zod';
import { int4Id } from './input-guard.js';

// The public satisfaction survey (spec 001 sections 2.17, 3, 4, 5, 7, 8 and 9), reached by the member's
// hashPesquisaSatisfacao, no login. Five pages; each PRÓXIMO posts one page, the server answers the next
// state. The validation below is THE rule set: the web runs it before posting and the API runs it again
// against its own questions. docs/decisions/0014-pesquisas.md

export const SATISFACTION_MSG = {
  /** Banner: a question of the page has no chosen option and no free text with a letter. */
  responderTodas: 'Obrigatório responder todas as perguntas.',
  /** Per question: a free text shorter than MIN_COMPLEMENTO. */
  maisDetalhes: 'Ops! Que tal adicionar mais alguns detalhes?',
  /** Per question: the chosen option requires an explanation and the text is missing or has no letter. */
  campoObrigatorio: 'Campo obrigatório.',
  /** Invalid or unknown hash, or the phase is over: the page shows this. */
  encerrada: 'Pesquisa encerrada',
  // Server-only errors (a client that follows the page never sees them).
  paginaNaoAtual: 'Esta etapa já foi respondida. Recarregue a pesquisa.',
  perguntaForaDaEtapa: 'Pergunta não pertence a esta etapa da pesquisa.',
  perguntaRepetida: 'Cada pergunta deve ser respondida uma única vez.',
  respostaInvalida: 'Resposta inválida para esta pergunta.',
  umaResposta: 'Escolha apenas uma resposta por pergunta.',
  pesquisaInvalida: 'Pesquisa não encontrada.',
  jaFinalizada: 'A pesquisa já foi concluída e não pode ser apagada.',
  hashObrigatorio: 'Informe o código da pesquisa.',
  textoLongo: 'O texto deve ter no máximo 2000 caracteres.',
} as const;

/** Step titles, index 0 = page 1 (spec 001 section 2.17). */
export const SATISFACTION_PAGES = [
  'Navegação e usabilidade',
  'Benefícios e Recompensas',
  'Experiência com a Marca',
  'Comunicação e Conteúdo',
  'Impacto Geral e Satisfação',
] as const;
export const TOTAL_SATISFACTION_PAGES = 5;
/** Minimum free-text length (spec 001 section 9). */
export const MIN_COMPLEMENT = 10;
export const MAX_COMPLEMENT = 2000;
/** How long the 'responder todas' banner stays (ms). */
export const BANNER_SATISFACTION_MS = 3000;
/** The loader hides this long after the page loads (ms). */
export const LOADER_SATISFACTION_MS = 600;

export function pageTitle(page: number): string {
  return SATISFACTION_PAGES[Math.min(Math.max(page, 1), TOTAL_SATISFACTION_PAGES) - 1]!;
}

/** 'Etapa n de 5'. */
export function stepLabel(page: number): string {
  return `Etapa ${page} de ${TOTAL_SATISFACTION_PAGES}`;
}

/** Progress bar width in percent: 20% per step, 100% when finished. */
export function satisfactionProgress(page: number, completed: boolean): number {
  if (completed) return 100;
  return Math.min(Math.max(page, 1), TOTAL_SATISFACTION_PAGES) * (100 / TOTAL_SATISFACTION_PAGES);
}

export const satisfactionOptionSchema = z.object({
  idPesquisaPerguntaResposta: z.number().int(),
  ordem: z.number().int(),
  descricao: z.string(),
  /** A free-text box is offered when this option is chosen (spec 001 section 3). */
  complemento: z.boolean(),
  /** The text is required for this option (negative or 'other' options; questions 10 and 17 always). */
  exigeComplemento: z.boolean(),
  /** The prompt of the free-text box ('Qual?', 'Digite sobre', ...); null when complemento is false. */
  textoComplemento: z.string().nullable(),
});
export type SatisfactionOption = z.infer<typeof satisfactionOptionSchema>;

export const satisfactionQuestionSchema = z.object({
  idPesquisaPergunta: z.number().int(),
  /** 1..18 across the whole survey: the number shown before the question. */
  ordem: z.number().int(),
  descricao: z.string(),
  respostas: z.array(satisfactionOptionSchema),
});
export type SatisfactionQuestion = z.infer<typeof satisfactionQuestionSchema>;

/**
 * GET /satisfacao?hash=, and the answer of POST and DELETE.
 * - pagina: the next page to answer (1..5; 5 once concluded).
 * - faseEncerrada: true when there is nothing to answer: the member concluded it, the hash is unknown,
 *   or the survey's phase is over.
 * - concluida: the member answered all five pages (show the thank-you screen and the cupom);
 *   faseEncerrada && !concluida means 'Pesquisa encerrada'.
 * - cupom: the member's coupon, only when concluded.
 * - nome: the member's first name (the thank-you screen), null for an unknown hash.
 */
export const satisfactionStateSchema = z.object({
  idPesquisa: z.number().int().nullable(),
  pagina: z.number().int().min(1).max(TOTAL_SATISFACTION_PAGES),
  titulo: z.string(),
  faseEncerrada: z.boolean(),
  concluida: z.boolean(),
  cupom: z.string().nullable(),
  nome: z.string().nullable(),
  perguntas: z.array(satisfactionQuestionSchema),
});
export type SatisfactionState = z.infer<typeof satisfactionStateSchema>;

// Ids are int4 columns: a bigger number is refused here, not by PostgreSQL (a 500 before issue 14).
const idInt = int4Id;

export const satisfactionAnswerSchema = z.object({
  idPesquisa: idInt(SATISFACTION_MSG.pesquisaInvalida),
  idPesquisaPergunta: idInt(SATISFACTION_MSG.perguntaForaDaEtapa),
  /** At most one id (single choice); empty when the question is answered by text only. */
  idRespostas: z.array(idInt(SATISFACTION_MSG.respostaInvalida), { error: SATISFACTION_MSG.respostaInvalida }).max(1, SATISFACTION_MSG.umaResposta),
  complemento: z.string({ error: SATISFACTION_MSG.maisDetalhes }).max(MAX_COMPLEMENT, SATISFACTION_MSG.textoLongo).nullable(),
});
export type SatisfactionAnswer = z.infer<typeof satisfactionAnswerSchema>;

export const satisfactionHashSchema = z.string({ error: SATISFACTION_MSG.hashObrigatorio }).trim().min(1, SATISFACTION_MSG.hashObrigatorio).max(200, SATISFACTION_MSG.pesquisaInvalida);

/** POST /satisfacao body. */
export const satisfactionInputSchema = z.object({
  hash: satisfactionHashSchema,
  respostas: z.array(satisfactionAnswerSchema, { error: SATISFACTION_MSG.responderTodas }).min(1, SATISFACTION_MSG.responderTodas).max(20, SATISFACTION_MSG.perguntaForaDaEtapa),
});
export type SatisfactionInput = z.infer<typeof satisfactionInputSchema>;

/** GET and DELETE /satisfacao?hash=. A missing hash is an unknown hash (GET answers 'encerrada'). */
export const satisfactionQuerySchema = z.object({ hash: z.string().max(200).optional() });

// ---------------------------------------------------------------------------------------------
// The shared validation (spec 001 section 5)

/** What the validation needs of a question (the API passes its own rows, the web the GET answer). */
export interface ValidatableQuestion {
  idPesquisaPergunta: number;
  ordem: number;
  respostas: ReadonlyArray<Pick<SatisfactionOption, 'idPesquisaPerguntaResposta' | 'complemento' | 'exigeComplemento'>>;
}
export interface ValidatableAnswer {
  idPesquisaPergunta: number;
  idRespostas: readonly number[];
  complemento?: string | null;
}

export type SatisfactionValidation =
  | { ok: true }
  | {
      ok: false;
      /** 'Obrigatório responder todas as perguntas.' when some question is left unanswered. */
      banner?: string;
      /** Message per question id (detail or 'Campo obrigatório.'). */
      porPergunta: Record<number, string>;
      /** Unanswered questions (the banner's cause), in page order, for highlighting. */
      semResposta: number[];
    };

const LETTER = /\p{L}/u;

/** True when the text contains at least one letter (digits and spaces alone do not answer). */
export function hasLetter(text: string | null | undefined): boolean {
  return LETTER.test(text ?? '');
}

/** The text as stored and measured: trimmed, null when empty. */
export function normaliseComplement(text: string | null | undefined): string | null {
  const t = (text ?? '').trim();
  return t.length > 0 ? t : null;
}

/**
 * Checks one page's answers, questions in ordem order:
 * - no chosen option: the free text must contain a letter, else the banner; shorter than 10 → detail;
 * - chosen option requiring an explanation: no text or no letter → 'Campo obrigatório.', < 10 → detail;
 * - chosen option offering an optional box: a text typed there shorter than 10 → detail.
 * A text sent for an option that offers no box is ignored (the page does not show one).
 * A chosen id that is not an option of the question counts as no option (the API rejects it before).
 */
export function validateSatisfactionPage(
  questions: readonly ValidatableQuestion[],
  answers: readonly ValidatableAnswer[],
): SatisfactionValidation {
  const byQuestion: Record<number, string> = {};
  const withoutAnswer: number[] = [];
  const sorted = [...questions].sort((a, b) => a.ordem - b.ordem);
  for (const question of sorted) {
    const answer = answers.find((r) => r.idPesquisaPergunta === question.idPesquisaPergunta);
    const text = normaliseComplement(answer?.complemento);
    const option = question.respostas.find((o) => answer?.idRespostas.includes(o.idPesquisaPerguntaResposta));
    if (!option) {
      if (!hasLetter(text)) withoutAnswer.push(question.idPesquisaPergunta);
      else if (text!.length < MIN_COMPLEMENT) byQuestion[question.idPesquisaPergunta] = SATISFACTION_MSG.maisDetalhes;
      continue;
    }
    if (option.exigeComplemento) {
      if (!hasLetter(text)) byQuestion[question.idPesquisaPergunta] = SATISFACTION_MSG.campoObrigatorio;
      else if (text!.length < MIN_COMPLEMENT) byQuestion[question.idPesquisaPergunta] = SATISFACTION_MSG.maisDetalhes;
    } else if (option.complemento && text !== null && text.length < MIN_COMPLEMENT) {
      byQuestion[question.idPesquisaPergunta] = SATISFACTION_MSG.maisDetalhes;
    }
  }
  if (withoutAnswer.length === 0 && Object.keys(byQuestion).length === 0) return { ok: true };
  return {
    ok: false,
    ...(withoutAnswer.length > 0 ? { banner: SATISFACTION_MSG.responderTodas } : {}),
    porPergunta: byQuestion,
    semResposta: withoutAnswer,
  };
}

/** The complemento to store for an answer: kept only when the chosen option (or no option) takes a text. */
export function storedComplement(question: ValidatableQuestion, answer: ValidatableAnswer): string | null {
  const text = normaliseComplement(answer.complemento);
  const option = question.respostas.find((o) => answer.idRespostas.includes(o.idPesquisaPerguntaResposta));
  if (!option) return text;
  return option.complemento || option.exigeComplemento ? text : null;
}

/**
 * The 400 of POST /satisfacao: the banner (no idPesquisaPergunta) and/or one entry per failing
 * question, in page order, with the question's id, so the page can put each message under its question.
 */
export const satisfactionErrorResponseSchema = z.object({
  errors: z.array(z.object({ message: z.string(), code: z.string().optional(), idPesquisaPergunta: z.number().int().optional() })).min(1),
});
export type SatisfactionErrorResponse = z.infer<typeof satisfactionErrorResponseSchema>;
