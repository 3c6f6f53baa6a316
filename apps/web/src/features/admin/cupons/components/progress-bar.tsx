/** A labelled progress bar (role=progressbar); `indeterminada` while the server works without a count. */
export function ProgressBar({ rotulo: label, valor: value, total, indeterminate = false }: { rotulo: string; valor: number; total: number; indeterminate?: boolean }) {
  const pct = total > 0 ? Math.min(100, Math.round((value / total) * 100)) : 0;
  return (
    <div className="cupons-progresso">
      <div className="cupons-progresso__rotulo">
        <span>{label}</span>
        {!indeterminate && <strong>{pct}%</strong>}
      </div>
      <div
        className={`cupons-progresso__trilho${indeterminate ? ' cupons-progresso__trilho--indeterminada' : ''}`}
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={indeterminate ? undefined : pct}
      >
        <div className="cupons-progresso__barra" style={{ width: indeterminate ? undefined : `${pct}%` }} />
      </div>
    </div>
  );
}
