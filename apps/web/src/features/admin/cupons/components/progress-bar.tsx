/** A labelled progress bar (role=progressbar); `indeterminada` while the server works without a count. */
export function ProgressBar({ rotulo: label, valor: value, total, indeterminada = false }: { rotulo: string; valor: number; total: number; indeterminada?: boolean }) {
  const pct = total > 0 ? Math.min(100, Math.round((value / total) * 100)) : 0;
  return (
    <div className="cupons-progresso">
      <div className="cupons-progresso__rotulo">
        <span>{label}</span>
        {!indeterminada && <strong>{pct}%</strong>}
      </div>
      <div
        className={`cupons-progresso__trilho${indeterminada ? ' cupons-progresso__trilho--indeterminada' : ''}`}
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={indeterminada ? undefined : pct}
      >
        <div className="cupons-progresso__barra" style={{ width: indeterminada ? undefined : `${pct}%` }} />
      </div>
    </div>
  );
}
