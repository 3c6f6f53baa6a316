import type { SatisfacaoPergunta } from '@legiao/contracts/satisfacao';
import { MAX_COMPLEMENTO } from '@legiao/contracts/satisfacao';
import { useId } from 'react';
import { mostraComplemento, opcaoEscolhida, rotuloComplemento, type RespostaLocal } from '../lib/respostas';

interface PerguntaCampoProps {
  pergunta: SatisfacaoPergunta;
  valor: RespostaLocal;
  /** The per-question message of the shared validation (detail or 'Campo obrigatório.'). */
  erro?: string;
  /** Left unanswered on the last PRÓXIMO (the banner names the problem; the question is marked). */
  semResposta?: boolean;
  onChange: (valor: RespostaLocal) => void;
}

/**
 * One required question: order number, asterisk, description and a radio group; an option that
 * offers a free text reveals it with its prompt. The error sits under the question.
 */
export function PerguntaCampo({ pergunta, valor, erro, semResposta = false, onChange }: PerguntaCampoProps) {
  const id = useId();
  const erroId = `${id}-erro`;
  const textoId = `${id}-texto`;
  const escolhida = opcaoEscolhida(pergunta, valor);
  const comTexto = mostraComplemento(pergunta, valor);
  const marcada = Boolean(erro) || semResposta;

  return (
    <fieldset
      className={`satisfacao-pergunta${marcada ? ' satisfacao-pergunta--erro' : ''}`}
      id={`pergunta-${pergunta.idPesquisaPergunta}`}
      aria-describedby={erro ? erroId : undefined}
    >
      <legend className="satisfacao-pergunta__titulo">
        <span className="satisfacao-pergunta__ordem">{pergunta.ordem}.</span> {pergunta.descricao}{' '}
        <span className="satisfacao-pergunta__obrigatoria" aria-hidden="true">
          *
        </span>
        <span className="visually-hidden">(obrigatória)</span>
      </legend>
      {pergunta.respostas.length > 0 ? (
        <div className="satisfacao-pergunta__opcoes">
          {pergunta.respostas.map((opcao) => (
            <label key={opcao.idPesquisaPerguntaResposta} className="satisfacao-opcao">
              <input
                type="radio"
                className="satisfacao-opcao__input"
                name={`pergunta-${pergunta.idPesquisaPergunta}`}
                value={opcao.idPesquisaPerguntaResposta}
                checked={valor.idResposta === opcao.idPesquisaPerguntaResposta}
                aria-invalid={semResposta ? true : undefined}
                onChange={() => onChange({ ...valor, idResposta: opcao.idPesquisaPerguntaResposta })}
              />
              <span className="satisfacao-opcao__texto">{opcao.descricao}</span>
            </label>
          ))}
        </div>
      ) : null}
      {comTexto ? (
        <div className="field satisfacao-pergunta__complemento">
          <label className="field__label" htmlFor={textoId}>
            {rotuloComplemento(escolhida)}
          </label>
          <textarea
            id={textoId}
            className="field__input satisfacao-pergunta__texto"
            rows={3}
            maxLength={MAX_COMPLEMENTO}
            value={valor.complemento}
            aria-invalid={erro || semResposta ? true : undefined}
            aria-describedby={erro ? erroId : undefined}
            onChange={(e) => onChange({ ...valor, complemento: e.target.value })}
          />
        </div>
      ) : null}
      {erro ? (
        <p id={erroId} className="field__error satisfacao-pergunta__erro">
          {erro}
        </p>
      ) : null}
    </fieldset>
  );
}
