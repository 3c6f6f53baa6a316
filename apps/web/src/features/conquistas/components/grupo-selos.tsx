import type { Conquista } from '@legiao/contracts/conquista';
import { useId } from 'react';
import { proximoSelo, selosDoGrupo, type ChaveGrupo, type SeloVisivel } from '../lib/selos';
import { SeloBadge } from './selo-badge';

/** One tier group (Nossa Jornada, Nível de indicação, Colecionador): its three badges and the way to the next. */
export function GrupoSelos({
  chave,
  titulo,
  conquista,
  onAbrir,
}: {
  chave: ChaveGrupo;
  titulo: string;
  conquista: Conquista;
  onAbrir: (selo: SeloVisivel) => void;
}) {
  const tituloId = useId();
  const proximo = proximoSelo(chave, conquista);
  return (
    <section className="grupo-selos" aria-labelledby={tituloId}>
      <h2 id={tituloId} className="grupo-selos__titulo">
        {titulo}
      </h2>
      <ul className="grupo-selos__lista">
        {selosDoGrupo(chave, conquista[chave]).map((selo) => (
          <li key={selo.id}>
            <SeloBadge selo={selo} onAbrir={onAbrir} />
          </li>
        ))}
      </ul>
      {proximo ? (
        <div className="grupo-selos__progresso">
          <progress max={proximo.alvo} value={proximo.atual} aria-label={`Progresso para ${proximo.nome}`} />
          <p>{proximo.texto}</p>
        </div>
      ) : (
        <p className="grupo-selos__completo">Todos os selos conquistados!</p>
      )}
    </section>
  );
}
