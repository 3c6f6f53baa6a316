import type { FilaEstado } from '@legiao/contracts';
import { duracao, numero } from '../lib/formatar';

/** The live numbers: who waits, who is in, how fast they go in, and why the room is on. */
export function FilaNumeros({ estado }: { estado: FilaEstado }) {
  const ocupacao = estado.capacidade > 0 ? Math.min(100, Math.round((estado.admitidos / estado.capacidade) * 100)) : 0;
  return (
    <section aria-labelledby="fila-numeros-titulo" className="fila-painel__numeros">
      <h2 id="fila-numeros-titulo" className="visually-hidden">
        Números ao vivo
      </h2>
      <div className="fila-cartao">
        <span className="fila-cartao__rotulo">Na fila agora</span>
        <strong className="fila-cartao__valor" data-testid="fila-aguardando">
          {numero(estado.aguardando)}
        </strong>
        <span className="fila-cartao__nota">{estado.aguardando > 0 ? `primeiro da fila espera há ${duracao(estado.esperaMaisAntigaMs)}` : 'ninguém esperando'}</span>
      </div>
      <div className="fila-cartao">
        <span className="fila-cartao__rotulo">Dentro do portal</span>
        <strong className="fila-cartao__valor" data-testid="fila-admitidos">
          {numero(estado.admitidos)} <small>de {numero(estado.capacidade)}</small>
        </strong>
        <span className="fila-cartao__barra" role="meter" aria-label="Ocupação" aria-valuemin={0} aria-valuemax={100} aria-valuenow={ocupacao}>
          <span style={{ width: `${ocupacao}%` }} />
        </span>
      </div>
      <div className="fila-cartao">
        <span className="fila-cartao__rotulo">Entraram no último minuto</span>
        <strong className="fila-cartao__valor" data-testid="fila-por-minuto">
          {numero(estado.admissoesUltimoMinuto)}
        </strong>
        <span className="fila-cartao__nota">limite de {numero(estado.admissoesPorMinuto)} por minuto</span>
      </div>
      <div className="fila-cartao">
        <span className="fila-cartao__rotulo">Sala de espera</span>
        <strong className="fila-cartao__valor fila-cartao__valor--texto" data-testid="fila-situacao">
          {!estado.habilitada ? 'Desligada' : estado.pausada ? 'Entrada pausada' : estado.ativa ? 'Ativa' : 'Livre'}
        </strong>
        <span className="fila-cartao__nota">
          {!estado.habilitada
            ? 'FILA_ENABLED=false: todos entram direto'
            : estado.automatica?.ligada
              ? 'segurando entradas por carga (sala automática)'
              : estado.ativa
                ? 'login só com a vez na fila'
                : 'há lugar: o login é direto'}
        </span>
      </div>
    </section>
  );
}
