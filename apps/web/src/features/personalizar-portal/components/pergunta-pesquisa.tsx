import type { PesquisaPergunta } from '@legiao/contracts/pesquisa';
import { useEffect, useId, useRef } from 'react';

interface Props {
  pergunta: PesquisaPergunta;
  /** The answer being sent: every button waits, the chosen one says so. */
  enviando: number | null;
  onResponder: (idResposta: number) => void;
}

/** One question with numbered answers; clicking an answer submits it (spec 001 section 2.16). */
export function PerguntaPesquisa({ pergunta, enviando, onResponder }: Props) {
  const tituloId = useId();
  const tituloRef = useRef<HTMLHeadingElement>(null);
  // Each new question takes the focus, so keyboard and screen-reader users hear it.
  useEffect(() => tituloRef.current?.focus(), [pergunta.idPesquisaPergunta]);

  return (
    <section className="personalizar__pergunta" aria-labelledby={tituloId}>
      <h2 id={tituloId} className="personalizar__descricao" ref={tituloRef} tabIndex={-1}>
        {pergunta.descricao}
      </h2>
      <ol className="personalizar__respostas">
        {pergunta.respostas.map((r, i) => (
          <li key={r.idPesquisaPerguntaResposta}>
            <button
              type="button"
              className="personalizar__resposta"
              disabled={enviando !== null}
              aria-busy={enviando === r.idPesquisaPerguntaResposta}
              onClick={() => onResponder(r.idPesquisaPerguntaResposta)}
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
