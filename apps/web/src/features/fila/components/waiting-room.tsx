import { formatWait } from '../lib/estimate';
import type { GateState } from '../lib/waiting-room-controller';
import '../fila.css';

type Props = { state: Exclude<GateState, { phase: 'formulario' }> };

/**
 * The waiting room (spec 000 section 2): the position as "X de Y", an estimated wait, a calm
 * animation and what to do meanwhile. The form replaces it when the queue lets the person in.
 */
export function WaitingRoom({ state }: Props) {
  const waiting = state.phase === 'aguardando' ? state : null;
  return (
    <section className="fila" aria-labelledby="fila-titulo">
      <div className="fila__animacao" aria-hidden="true">
        <span className="fila__onda" />
        <span className="fila__onda fila__onda--2" />
        <span className="fila__centro">
          <svg viewBox="0 0 24 24" width="28" height="28" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
            <path d="M6 2h12M6 22h12M7 2v4a5 5 0 0 0 10 0V2M7 22v-4a5 5 0 0 1 10 0v4" />
          </svg>
        </span>
      </div>
      <h2 id="fila-titulo" className="fila__titulo">
        Você está na fila
      </h2>
      <p className="fila__posicao" role="status" aria-live="polite" aria-atomic="true">
        {waiting ? (
          <>
            <span className="fila__rotulo">Sua posição: </span>
            <strong className="fila__numero">
              {waiting.posicao} de {waiting.quantidade}
            </strong>
          </>
        ) : (
          <span className="fila__rotulo">Entrando na fila...</span>
        )}
      </p>
      {waiting && (
        <p className="fila__estimativa">
          Tempo estimado: <strong>{formatWait(waiting.estimateMs)}</strong>
        </p>
      )}
      <div className="fila__progresso" aria-hidden="true">
        <span className="fila__ponto" />
        <span className="fila__ponto" />
        <span className="fila__ponto" />
      </div>
      {waiting?.reconectando && <p className="fila__aviso">Conexão perdida. Reconectando...</p>}
      <p className="fila__nota">
        Mantenha esta página aberta: o login aparece sozinho quando chegar a sua vez. Se recarregar a página, você
        continua no mesmo lugar da fila.
      </p>
    </section>
  );
}

/** A tiny neutral placeholder while the first answer is on its way (at most ~300 ms). */
export function GateLoader() {
  return (
    <div className="fila-carregando" role="status">
      <span className="fila-carregando__spinner" aria-hidden="true" />
      <span className="visually-hidden">Carregando...</span>
    </div>
  );
}
