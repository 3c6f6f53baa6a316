import { progressoSatisfacao, rotuloEtapa } from '@legiao/contracts/satisfacao';

/** 'Etapa n de 5' and a bar 20% wide per step (100% once the survey is concluded), spec 001 section 2.17. */
export function BarraProgresso({ pagina, concluida = false }: { pagina: number; concluida?: boolean }) {
  const largura = progressoSatisfacao(pagina, concluida);
  const rotulo = concluida ? 'Pesquisa concluída' : rotuloEtapa(pagina);
  return (
    <div className="satisfacao-progresso">
      <p className="satisfacao-progresso__rotulo">{rotulo}</p>
      <div
        className="satisfacao-progresso__trilho"
        role="progressbar"
        aria-label="Progresso da pesquisa"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={largura}
        aria-valuetext={rotulo}
      >
        <span className="satisfacao-progresso__barra" data-testid="progresso" style={{ width: `${largura}%` }} />
      </div>
    </div>
  );
}
