import {
  storedComplement,
  type SatisfactionOption,
  type SatisfactionQuestion,
  type SatisfactionAnswer,
} from '@legiao/contracts/satisfacao';

/** What the user has chosen/typed for one question while on the page. */
export interface LocalAnswer {
  answerId: number | null;
  complemento: string;
}

export type LocalAnswers = Record<number, LocalAnswer>;

export const EMPTY_ANSWER: LocalAnswer = { answerId: null, complemento: '' };

/** Prompt of a free-text box when the option does not name one. */
const DEFAULT_LABEL = 'Escreva aqui';

export function chosenOption(question: SatisfactionQuestion, value: LocalAnswer): SatisfactionOption | undefined {
  return question.respostas.find((o) => o.idPesquisaPerguntaResposta === value.answerId);
}

/** The free text shows for an option that offers or requires it, or for a question without options. */
export function showsComplement(question: SatisfactionQuestion, value: LocalAnswer): boolean {
  if (question.respostas.length === 0) return true;
  const option = chosenOption(question, value);
  return Boolean(option && (option.complemento || option.exigeComplemento));
}

export function complementLabel(option: SatisfactionOption | undefined): string {
  return option?.textoComplemento?.trim() || DEFAULT_LABEL;
}

/**
 * The page's answers as the contract sends them, one per question in page order. A text typed for
 * an option the user later switched away from is dropped (the shared rule decides what is kept).
 */
export function buildAnswers(
  surveyId: number,
  questions: readonly SatisfactionQuestion[],
  places: LocalAnswers,
): SatisfactionAnswer[] {
  return questions.map((question) => {
    const local = places[question.idPesquisaPergunta] ?? EMPTY_ANSWER;
    const answerIds = local.answerId === null ? [] : [local.answerId];
    const base = { idPesquisaPergunta: question.idPesquisaPergunta, idRespostas: answerIds, complemento: local.complemento };
    return { idPesquisa: surveyId, ...base, complemento: storedComplement(question, base) };
  });
}
