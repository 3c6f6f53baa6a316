import { useId } from 'react';
import type { FaqItem } from '../api/get-faq';
import '../faq.css';

export type Question = Pick<FaqItem, 'pergunta' | 'resposta'>;

/**
 * An accordion of questions (one open at a time, owned by the caller so two columns can share
 * it). `offset` keeps indexes unique when one list is split in columns.
 */
export function FaqAccordion({
  items,
  open,
  onToggle,
  offset = 0,
}: {
  items: Question[];
  open: number | null;
  onToggle: (index: number | null) => void;
  offset?: number;
}) {
  const baseId = useId();
  return (
    <div className="faq__list">
      {items.map((item, i) => {
        const index = offset + i;
        const expanded = open === index;
        const panelId = `${baseId}-resposta-${index}`;
        const buttonId = `${baseId}-pergunta-${index}`;
        return (
          <div key={`${index}-${item.pergunta}`} className="faq__item">
            <h3 className="faq__question">
              <button
                id={buttonId}
                type="button"
                className="faq__toggle"
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => onToggle(expanded ? null : index)}
              >
                <span>{item.pergunta}</span>
                <span className="faq__icon" aria-hidden="true">
                  {expanded ? '−' : '+'}
                </span>
              </button>
            </h3>
            <div id={panelId} role="region" aria-labelledby={buttonId} className="faq__answer" hidden={!expanded}>
              <p>{item.resposta}</p>
            </div>
          </div>
        );
      })}
    </div>
  );
}
