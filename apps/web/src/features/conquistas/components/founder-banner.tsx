import type { Achievement } from '@legiao/contracts/conquista';
import { founderText } from '../lib/seals';

/** 'Membro fundador' with the member number when known; nothing for members who are not founders. */
export function FounderBanner({ achievement }: { achievement: Achievement }) {
  const text = founderText(achievement);
  if (!text) return null;
  return (
    <section className="fundador-banner" aria-label="Membro fundador">
      <img className="fundador-banner__selo" src="/conquistas/fundador.svg" alt="" width={96} height={96} />
      <div>
        <p className="fundador-banner__titulo">{text.titulo}</p>
        {text.numero ? (
          <p className="fundador-banner__numero">{text.numero}</p>
        ) : (
          <p className="fundador-banner__texto">Você faz parte dos primeiros legionários.</p>
        )}
      </div>
    </section>
  );
}
