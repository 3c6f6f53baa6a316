import type { Product } from '@legiao/contracts/produto';
import { useId } from 'react';
import { formatHours } from '../lib/product-format';

/** The detail panel: description and how long it keeps drinks hot, cold and with ice. */
export function ProductDetail({ produto: product }: { produto: Product }) {
  const titleId = useId();
  const times = [
    { rotulo: 'Quente', horas: product.tempoQuente, tipo: 'quente' },
    { rotulo: 'Gelado', horas: product.tempoGelado, tipo: 'gelado' },
    { rotulo: 'Com gelo', horas: product.tempoComGelo, tipo: 'gelo' },
  ].filter((t): t is { rotulo: string; horas: number; tipo: string } => t.horas !== null);
  return (
    <section className="detalhe" aria-labelledby={titleId}>
      <h2 id={titleId} className="edicao__subtitulo">
        Detalhes do produto
      </h2>
      <p className="detalhe__descricao">{product.descricaoDetalhe}</p>
      {times.length ? (
        <dl className="detalhe__tempos">
          {times.map((t) => (
            <div key={t.tipo} className={`detalhe__tempo detalhe__tempo--${t.tipo}`}>
              <dt>{t.rotulo}</dt>
              <dd>{formatHours(t.horas)}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </section>
  );
}
