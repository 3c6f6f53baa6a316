import type { SatisfactionQuestion } from '@legiao/contracts/satisfacao';
import { MAX_COMPLEMENT } from '@legiao/contracts/satisfacao';
import { useId } from 'react';
import { showsComplement, chosenOption, complementLabel, type LocalAnswer } from '../lib/answers';

interface QuestionFieldProps {
  pergunta: SatisfactionQuestion;
  valor: LocalAnswer;
  /** The per-question message of the shared validation (detail or 'Campo obrigatório.'). */
  erro?: string;
  /** Left unanswered on the last PRÓXIMO (the banner names the problem; the question is marked). */
  semResposta?: boolean;
  onChange: (value: LocalAnswer) => void;
}

/**
 * One required question: order number, asterisk, description and a radio group; an option that
 * offers a free text reveals it with its prompt. The error sits under the question.
 */
export function QuestionField({ pergunta: question, valor: value, erro: error, semResposta: withoutAnswer = false, onChange }: QuestionFieldProps) {
  const id = useId();
  const errorId = `${id}-erro`;
  const textId = `${id}-texto`;
  const chosen = chosenOption(question, value);
  const withText = showsComplement(question, value);
  const checked = Boolean(error) || withoutAnswer;

  return (
    <fieldset
      className={`satisfacao-pergunta${checked ? ' satisfacao-pergunta--erro' : ''}`}
      id={`pergunta-${question.idPesquisaPergunta}`}
      aria-describedby={error ? errorId : undefined}
    >
      <legend className="satisfacao-pergunta__titulo">
        <span className="satisfacao-pergunta__ordem">{question.ordem}.</span> {question.descricao}{' '}
        <span className="satisfacao-pergunta__obrigatoria" aria-hidden="true">
          *
        </span>
        <span className="visually-hidden">(obrigatória)</span>
      </legend>
      {question.respostas.length > 0 ? (
        <div className="satisfacao-pergunta__opcoes">
          {question.respostas.map((option) => (
            <label key={option.idPesquisaPerguntaResposta} className="satisfacao-opcao">
              <input
                type="radio"
                className="satisfacao-opcao__input"
                name={`pergunta-${question.idPesquisaPergunta}`}
                value={option.idPesquisaPerguntaResposta}
                checked={value.answerId === option.idPesquisaPerguntaResposta}
                aria-invalid={withoutAnswer ? true : undefined}
                onChange={() => onChange({ ...value, answerId: option.idPesquisaPerguntaResposta })}
              />
              <span className="satisfacao-opcao__texto">{option.descricao}</span>
            </label>
          ))}
        </div>
      ) : null}
      {withText ? (
        <div className="field satisfacao-pergunta__complemento">
          <label className="field__label" htmlFor={textId}>
            {complementLabel(chosen)}
          </label>
          <textarea
            id={textId}
            className="field__input satisfacao-pergunta__texto"
            rows={3}
            maxLength={MAX_COMPLEMENT}
            value={value.complemento}
            aria-invalid={error || withoutAnswer ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(e) => onChange({ ...value, complemento: e.target.value })}
          />
        </div>
      ) : null}
      {error ? (
        <p id={errorId} className="field__error satisfacao-pergunta__erro">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
