import type { Conquista } from '@legiao/contracts/conquista';
import { textoFundador } from '../lib/selos';

/** 'Membro fundador' with the member number when known; nothing for members who are not founders. */
export function FundadorBanner({ conquista }: { conquista: Conquista }) {
  const texto = textoFundador(conquista);
  if (!texto) return null;
  return (
    <section className="fundador-banner" aria-label="Membro fundador">
      <img className="fundador-banner__selo" src="/conquistas/fundador.svg" alt="" width={96} height={96} />
      <div>
        <p className="fundador-banner__titulo">{texto.titulo}</p>
        {texto.numero ? (
          <p className="fundador-banner__numero">{texto.numero}</p>
        ) : (
          <p className="fundador-banner__texto">Você faz parte dos primeiros legionários.</p>
        )}
      </div>
    </section>
  );
}
