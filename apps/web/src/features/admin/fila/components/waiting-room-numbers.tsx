import type { WaitingRoomState } from '@legiao/contracts';
import { duration, number } from '../lib/formatar';

/** The live numbers: who waits, who is in, how fast they go in, and why the room is on. */
export function WaitingRoomNumbers({ estado: state }: { estado: WaitingRoomState }) {
  const occupancy = state.capacidade > 0 ? Math.min(100, Math.round((state.admitidos / state.capacidade) * 100)) : 0;
  return (
    <section aria-labelledby="fila-numeros-titulo" className="fila-painel__numeros">
      <h2 id="fila-numeros-titulo" className="visually-hidden">
        Números ao vivo
      </h2>
      <div className="fila-cartao">
        <span className="fila-cartao__rotulo">Na fila agora</span>
        <strong className="fila-cartao__valor" data-testid="fila-aguardando">
          {number(state.aguardando)}
        </strong>
        <span className="fila-cartao__nota">{state.aguardando > 0 ? `primeiro da fila espera há ${duration(state.esperaMaisAntigaMs)}` : 'ninguém esperando'}</span>
      </div>
      <div className="fila-cartao">
        <span className="fila-cartao__rotulo">Dentro do portal</span>
        <strong className="fila-cartao__valor" data-testid="fila-admitidos">
          {number(state.admitidos)} <small>de {number(state.capacidade)}</small>
        </strong>
        <span className="fila-cartao__barra" role="meter" aria-label="Ocupação" aria-valuemin={0} aria-valuemax={100} aria-valuenow={occupancy}>
          <span style={{ width: `${occupancy}%` }} />
        </span>
      </div>
      <div className="fila-cartao">
        <span className="fila-cartao__rotulo">Entraram no último minuto</span>
        <strong className="fila-cartao__valor" data-testid="fila-por-minuto">
          {number(state.admissoesUltimoMinuto)}
        </strong>
        <span className="fila-cartao__nota">limite de {number(state.admissoesPorMinuto)} por minuto</span>
      </div>
      <div className="fila-cartao">
        <span className="fila-cartao__rotulo">Sala de espera</span>
        <strong className="fila-cartao__valor fila-cartao__valor--texto" data-testid="fila-situacao">
          {!state.habilitada ? 'Desligada' : state.pausada ? 'Entrada pausada' : state.ativa ? 'Ativa' : 'Livre'}
        </strong>
        <span className="fila-cartao__nota">
          {!state.habilitada
            ? 'FILA_ENABLED=false: todos entram direto'
            : state.automatica?.ligada
              ? 'segurando entradas por carga (sala automática)'
              : state.lancamento
                ? `ligada pelo lançamento ${state.lancamento.nome} até ${new Date(state.lancamento.ate).toLocaleTimeString('pt-BR', { timeZone: 'America/Sao_Paulo', hour: '2-digit', minute: '2-digit' })}: todo login pela fila`
                : state.ativa
                ? 'login só com a vez na fila'
                : 'há lugar: o login é direto'}
        </span>
      </div>
    </section>
  );
}
