import type { StatementItem } from '@legiao/contracts/extrato';
import { itemDescription, formatStatementDate, formatPoints, valueDirection } from '../lib/statement-format';

/** The entries, newest first; each opens its detail. */
export function StatementList({ itens: items, onOpen }: { itens: StatementItem[]; onOpen: (item: StatementItem) => void }) {
  return (
    <ul className="extrato-lista" aria-label="Lançamentos">
      {items.map((item) => (
        <li key={item.id}>
          <button type="button" className="extrato-item" onClick={() => onOpen(item)} aria-haspopup="dialog">
            <span className="extrato-item__data">{formatStatementDate(item.dataTransacao)}</span>
            <span className="extrato-item__motivo">{item.motivo}</span>
            <span className="extrato-item__descricao">{itemDescription(item)}</span>
            <span className={`extrato-item__valor extrato-item__valor--${valueDirection(item.valor)}`}>{formatPoints(item.valor)}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
