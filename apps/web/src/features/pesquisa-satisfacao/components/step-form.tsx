import {
  BANNER_SATISFACTION_MS,
  satisfactionErrorResponseSchema,
  validateSatisfactionPage,
  type SatisfactionState,
} from '@legiao/contracts/satisfacao';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ApiError, errorMessage } from '../../../shared/api/api-error';
import { satisfactionQueryKey } from '../api/get-satisfaction';
import { useNotices } from '../../../shared/notices/notice-context';
import { useRestartSatisfaction } from '../api/restart-satisfaction';
import { useAnswerSatisfaction } from '../api/answer-satisfaction';
import { buildAnswers, EMPTY_ANSWER, type LocalAnswer, type LocalAnswers } from '../lib/answers';
import { ProgressBar } from './progress-bar';
import { QuestionField } from './question-field';

interface Errors {
  porPergunta: Record<number, string>;
  semResposta: number[];
}

const NO_ERRORS: Errors = { porPergunta: {}, semResposta: [] };

interface StepFormProps {
  hash: string;
  estado: SatisfactionState & { idPesquisa: number };
  /** Moves focus to the step title (not on the first load, where the page title leads). */
  focusTitle: boolean;
}

/**
 * One page of the survey (spec 001 sections 2.17, 4 and 5). PRÓXIMO runs the shared validation and
 * posts only a valid page; VOLTAR clears this hash's answers and the server says where to restart.
 * A failed post keeps the answers and shows the server's message (the spec would leave the loader
 * on forever; nobody can act on that).
 */
export function StepForm({ hash, estado: state, focusTitle }: StepFormProps) {
  const { notify } = useNotices();
  const queryClient = useQueryClient();
  const answer = useAnswerSatisfaction();
  const restart = useRestartSatisfaction();
  const [answers, setAnswers] = useState<LocalAnswers>({});
  const [errors, setErrors] = useState<Errors>(NO_ERRORS);
  const [attempt, setAttempt] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const { pagina: page, perguntas: questions } = state;

  useEffect(() => {
    if (focusTitle) titleRef.current?.focus({ preventScroll: true });
  }, [focusTitle]);

  // After a failed PRÓXIMO, the first marked question (page order) gets focus and is scrolled to.
  useEffect(() => {
    if (attempt === 0) return;
    const first = questions.find(
      (p) => errors.porPergunta[p.idPesquisaPergunta] || errors.semResposta.includes(p.idPesquisaPergunta),
    );
    if (!first) return;
    const block = formRef.current?.querySelector<HTMLElement>(`#pergunta-${first.idPesquisaPergunta}`);
    const target = block?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? block?.querySelector<HTMLElement>('input, textarea');
    target?.focus({ preventScroll: true });
    block?.scrollIntoView({ behavior: 'smooth', block: 'center' });
    // Only a new attempt moves focus; typing a fix must not jump around.
  }, [attempt]);

  function change(questionId: number, value: LocalAnswer) {
    setAnswers((current) => ({ ...current, [questionId]: value }));
    // A question the user is fixing stops being marked; the others keep their messages.
    setErrors((current) => {
      if (!current.porPergunta[questionId] && !current.semResposta.includes(questionId)) return current;
      const { [questionId]: _removed, ...byQuestion } = current.porPergunta;
      return { porPergunta: byQuestion, semResposta: current.semResposta.filter((id) => id !== questionId) };
    });
  }

  async function next(event: FormEvent) {
    event.preventDefault();
    if (answer.isPending || restart.isPending) return;
    const sent = buildAnswers(state.idPesquisa, questions, answers);
    const result = validateSatisfactionPage(questions, sent);
    if (!result.ok) {
      setErrors({ porPergunta: result.porPergunta, semResposta: result.semResposta });
      if (result.banner) notify({ message: result.banner, kind: 'error', duration: BANNER_SATISFACTION_MS });
      setAttempt((n) => n + 1);
      return;
    }
    setErrors(NO_ERRORS);
    try {
      await answer.mutateAsync({ hash, respostas: sent });
    } catch (error) {
      notify({ message: errorMessage(error), kind: 'error' });
      deliveryFailure(error);
    }
  }

  /**
   * The answers stay on screen. A 400 may name questions (the server ran the same rules on its own
   * copy of them): mark those. A 409 means the server is elsewhere (another tab): load its state.
   */
  function deliveryFailure(error: unknown) {
    if (!(error instanceof ApiError)) return;
    if (error.status === 409) {
      void queryClient.invalidateQueries({ queryKey: satisfactionQueryKey(hash), exact: true });
      return;
    }
    const body = satisfactionErrorResponseSchema.safeParse(error.body);
    if (error.status !== 400 || !body.success) return;
    const byQuestion: Record<number, string> = {};
    for (const item of body.data.errors) {
      if (item.idPesquisaPergunta !== undefined) byQuestion[item.idPesquisaPergunta] ??= item.message;
    }
    if (Object.keys(byQuestion).length === 0) return;
    setErrors({ porPergunta: byQuestion, semResposta: [] });
    setAttempt((n) => n + 1);
  }

  async function back() {
    if (answer.isPending || restart.isPending) return;
    try {
      await restart.mutateAsync(hash);
    } catch (error) {
      notify({ message: errorMessage(error), kind: 'error' });
    }
  }

  return (
    <form ref={formRef} className="satisfacao-form" noValidate onSubmit={(e) => void next(e)}>
      <ProgressBar pagina={page} />
      <h2 className="satisfacao-form__titulo" ref={titleRef} tabIndex={-1}>
        {state.titulo}
      </h2>
      <p className="satisfacao-form__aviso">
        <span aria-hidden="true">*</span> Todas as perguntas são obrigatórias.
      </p>
      {questions.map((question) => (
        <QuestionField
          key={question.idPesquisaPergunta}
          pergunta={question}
          valor={answers[question.idPesquisaPergunta] ?? EMPTY_ANSWER}
          erro={errors.porPergunta[question.idPesquisaPergunta]}
          semResposta={errors.semResposta.includes(question.idPesquisaPergunta)}
          onChange={(value) => change(question.idPesquisaPergunta, value)}
        />
      ))}
      <div className="satisfacao-form__acoes">
        {page > 1 ? (
          <button type="button" className="button button--ghost" onClick={() => void back()}>
            VOLTAR
          </button>
        ) : null}
        <button type="submit" className="button">
          PRÓXIMO
        </button>
      </div>
    </form>
  );
}
