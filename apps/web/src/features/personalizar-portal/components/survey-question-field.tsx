import type { SurveyQuestion } from '@legiao/contracts/pesquisa';
import { useEffect, useId, useRef } from 'react';

interface Props {
  pergunta: SurveyQuestion;
  /** The answer being sent: every button waits, the chosen one says so. */
  sending: number | null;
  onAnswer: (answerId: number) => void;
}

/** One question with numbered answers; clicking an answer submits it (spec 001 section 2.16). */
export function SurveyQuestionField({ pergunta: question, sending, onAnswer }: Props) {
  const titleId = useId();
  const titleRef = useRef<HTMLHeadingElement>(null);
  // Each new question takes the focus, so keyboard and screen-reader users hear it.
  useEffect(() => titleRef.current?.focus(), [question.idPesquisaPergunta]);

  return (
    <section className="personalizar__pergunta" aria-labelledby={titleId}>
      <h2 id={titleId} className="personalizar__descricao" ref={titleRef} tabIndex={-1}>
        {question.descricao}
      </h2>
      <ol className="personalizar__respostas">
        {question.respostas.map((r, i) => (
          <li key={r.idPesquisaPerguntaResposta}>
            <button
              type="button"
              className="personalizar__resposta"
              disabled={sending !== null}
              aria-busy={sending === r.idPesquisaPerguntaResposta}
              onClick={() => onAnswer(r.idPesquisaPerguntaResposta)}
            >
              <span className="personalizar__numero" aria-hidden="true">
                {i + 1}
              </span>
              <span>{r.descricao}</span>
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}
