import type { ExtratoItem } from '@legiao/contracts/extrato';
import { descricaoItem, formatDataExtrato, formatPontos, sentidoValor } from '../lib/extrato-format';

/** The entries, newest first; each opens its detail. */
export function ExtratoLista({ itens, onAbrir }: { itens: ExtratoItem[]; onAbrir: (item: ExtratoItem) => void }) {
  return (
    <ul className="extrato-lista" aria-label="Lançamentos">
      {itens.map((item) => (
        <li key={item.id}>
          <button type="button" className="extrato-item" onClick={() => onAbrir(item)} aria-haspopup="dialog">
            <span className="extrato-item__data">{formatDataExtrato(item.dataTransacao)}</span>
            <span className="extrato-item__motivo">{item.motivo}</span>
            <span className="extrato-item__descricao">{descricaoItem(item)}</span>
            <span className={`extrato-item__valor extrato-item__valor--${sentidoValor(item.valor)}`}>{formatPontos(item.valor)}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
