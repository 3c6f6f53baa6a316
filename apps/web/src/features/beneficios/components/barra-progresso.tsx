import { progresso } from '../lib/estado-beneficio';

/** Progress toward a benefit's cost (spec 000 section 5: saldo / valor × 100, capped at 100). */
export function BarraProgresso({ saldo, valor, nome }: { saldo: number; valor: number; nome: string }) {
  const pct = progresso(saldo, valor);
  return (
    <div className="beneficio-progresso">
      <div
        className="beneficio-progresso__trilho"
        role="progressbar"
        aria-label={`Progresso para ${nome}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={pct}
        aria-valuetext={`${pct}% (${Math.min(saldo, valor)} de ${valor} pontos)`}
      >
        <div className="beneficio-progresso__barra" style={{ width: `${pct}%` }} />
      </div>
      <span className="beneficio-progresso__texto" aria-hidden="true">
        {pct}%
      </span>
    </div>
  );
}
