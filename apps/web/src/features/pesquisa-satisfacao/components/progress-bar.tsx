import { satisfactionProgress, stepLabel } from '@legiao/contracts/satisfacao';

/** 'Etapa n de 5' and a bar 20% wide per step (100% once the survey is concluded), spec 001 section 2.17. */
export function ProgressBar({ pagina: page, concluida: completed = false }: { pagina: number; concluida?: boolean }) {
  const width = satisfactionProgress(page, completed);
  const label = completed ? 'Pesquisa concluída' : stepLabel(page);
  return (
    <div className="satisfacao-progresso">
      <p className="satisfacao-progresso__rotulo">{label}</p>
      <div
        className="satisfacao-progresso__trilho"
        role="progressbar"
        aria-label="Progresso da pesquisa"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={width}
        aria-valuetext={label}
      >
        <span className="satisfacao-progresso__barra" data-testid="progresso" style={{ width: `${width}%` }} />
      </div>
    </div>
  );
}
