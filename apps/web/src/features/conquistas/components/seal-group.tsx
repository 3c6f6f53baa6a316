import type { Achievement } from '@legiao/contracts/conquista';
import { useId } from 'react';
import { nextSeal, groupSeals, type GroupKey, type VisibleSeal } from '../lib/seals';
import { SealBadge } from './seal-badge';

/** One tier group (Nossa Jornada, Nível de indicação, Colecionador): its three badges and the way to the next. */
export function SealGroup({
  chave: key,
  titulo: title,
  achievement,
  onOpen,
}: {
  chave: GroupKey;
  titulo: string;
  achievement: Achievement;
  onOpen: (seal: VisibleSeal) => void;
}) {
  const titleId = useId();
  const next = nextSeal(key, achievement);
  return (
    <section className="grupo-selos" aria-labelledby={titleId}>
      <h2 id={titleId} className="grupo-selos__titulo">
        {title}
      </h2>
      <ul className="grupo-selos__lista">
        {groupSeals(key, achievement[key]).map((seal) => (
          <li key={seal.id}>
            <SealBadge seal={seal} onOpen={onOpen} />
          </li>
        ))}
      </ul>
      {next ? (
        <div className="grupo-selos__progresso">
          <progress max={next.target} value={next.atual} aria-label={`Progresso para ${next.nome}`} />
          <p>{next.texto}</p>
        </div>
      ) : (
        <p className="grupo-selos__completo">Todos os selos conquistados!</p>
      )}
    </section>
  );
}
