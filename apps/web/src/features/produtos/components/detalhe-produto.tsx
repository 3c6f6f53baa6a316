import type { Produto } from '@legiao/contracts/produto';
import { useId } from 'react';
import { formatHoras } from '../lib/produto-format';

/** The detail panel: description and how long it keeps drinks hot, cold and with ice. */
export function DetalheProduto({ produto }: { produto: Produto }) {
  const tituloId = useId();
  const tempos = [
    { rotulo: 'Quente', horas: produto.tempoQuente, tipo: 'quente' },
    { rotulo: 'Gelado', horas: produto.tempoGelado, tipo: 'gelado' },
    { rotulo: 'Com gelo', horas: produto.tempoComGelo, tipo: 'gelo' },
  ].filter((t): t is { rotulo: string; horas: number; tipo: string } => t.horas !== null);
  return (
    <section className="detalhe" aria-labelledby={tituloId}>
      <h2 id={tituloId} className="edicao__subtitulo">
        Detalhes do produto
      </h2>
      <p className="detalhe__descricao">{produto.descricaoDetalhe}</p>
      {tempos.length ? (
        <dl className="detalhe__tempos">
          {tempos.map((t) => (
            <div key={t.tipo} className={`detalhe__tempo detalhe__tempo--${t.tipo}`}>
              <dt>{t.rotulo}</dt>
              <dd>{formatHoras(t.horas)}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </section>
  );
}
