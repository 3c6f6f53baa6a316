import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import './tabs.css';

export interface Tab {
  id: string;
  rotulo: ReactNode;
  content: ReactNode;
}

/**
 * Accessible tabs (WAI-ARIA tabs pattern): one tab in the Tab order, arrows/Home/End move
 * between tabs and select them, each panel labelled by its tab.
 */
export function Tabs({ abas: tabs, rotulo: label, initial }: { abas: readonly Tab[]; rotulo: string; initial?: string }) {
  const base = useId();
  const [active, setActive] = useState(initial ?? tabs[0]?.id);
  const refs = useRef<(HTMLButtonElement | null)[]>([]);

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, i: number) {
    const destination =
      event.key === 'ArrowRight' ? (i + 1) % tabs.length
      : event.key === 'ArrowLeft' ? (i - 1 + tabs.length) % tabs.length
      : event.key === 'Home' ? 0
      : event.key === 'End' ? tabs.length - 1
      : null;
    if (destination === null) return;
    event.preventDefault();
    setActive(tabs[destination]!.id);
    refs.current[destination]?.focus();
  }

  return (
    <div className="abas">
      <div className="abas__lista" role="tablist" aria-label={label}>
        {tabs.map((tab, i) => (
          <button
            key={tab.id}
            ref={(el) => {
              refs.current[i] = el;
            }}
            id={`${base}-aba-${tab.id}`}
            type="button"
            role="tab"
            className="abas__aba"
            aria-selected={tab.id === active}
            aria-controls={`${base}-painel-${tab.id}`}
            tabIndex={tab.id === active ? 0 : -1}
            onClick={() => setActive(tab.id)}
            onKeyDown={(e) => onKeyDown(e, i)}
          >
            {tab.rotulo}
          </button>
        ))}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.id}
          id={`${base}-painel-${tab.id}`}
          role="tabpanel"
          className="abas__painel"
          aria-labelledby={`${base}-aba-${tab.id}`}
          hidden={tab.id !== active}
          tabIndex={0}
        >
          {tab.content}
        </div>
      ))}
    </div>
  );
}
