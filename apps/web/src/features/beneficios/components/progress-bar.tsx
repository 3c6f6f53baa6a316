import { progress } from '../lib/benefit-state';

/** Progress toward a benefit's cost (spec 000 section 5: saldo / valor × 100, capped at 100). */
export function ProgressBar({ saldo: balance, valor: value, nome: name }: { saldo: number; valor: number; nome: string }) {
  const pct = progress(balance, value);
  return (
    <div className="beneficio-progresso">
      <div
        className="beneficio-progresso__trilho"
        role="progressbar"
        aria-label={`Progresso para ${name}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={pct}
        aria-valuetext={`${pct}% (${Math.min(balance, value)} de ${value} pontos)`}
      >
        <div className="beneficio-progresso__barra" style={{ width: `${pct}%` }} />
      </div>
      <span className="beneficio-progresso__texto" aria-hidden="true">
        {pct}%
      </span>
    </div>
  );
}
