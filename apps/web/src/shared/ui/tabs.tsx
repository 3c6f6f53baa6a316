import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import './tabs.css';

export interface Aba {
  id: string;
  rotulo: ReactNode;
  conteudo: ReactNode;
}

/**
 * Accessible tabs (WAI-ARIA tabs pattern): one tab in the Tab order, arrows/Home/End move
 * between tabs and select them, each panel labelled by its tab.
 */
export function Tabs({ abas, rotulo, inicial }: { abas: readonly Aba[]; rotulo: string; inicial?: string }) {
  const base = useId();
  const [ativa, setAtiva] = useState(inicial ?? abas[0]?.id);
  const refs = useRef<(HTMLButtonElement | null)[]>([]);

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, i: number) {
    const destino =
      event.key === 'ArrowRight' ? (i + 1) % abas.length
      : event.key === 'ArrowLeft' ? (i - 1 + abas.length) % abas.length
      : event.key === 'Home' ? 0
      : event.key === 'End' ? abas.length - 1
      : null;
    if (destino === null) return;
    event.preventDefault();
    setAtiva(abas[destino]!.id);
    refs.current[destino]?.focus();
  }

  return (
    <div className="abas">
      <div className="abas__lista" role="tablist" aria-label={rotulo}>
        {abas.map((aba, i) => (
          <button
            key={aba.id}
            ref={(el) => {
              refs.current[i] = el;
            }}
            id={`${base}-aba-${aba.id}`}
            type="button"
            role="tab"
            className="abas__aba"
            aria-selected={aba.id === ativa}
            aria-controls={`${base}-painel-${aba.id}`}
            tabIndex={aba.id === ativa ? 0 : -1}
            onClick={() => setAtiva(aba.id)}
            onKeyDown={(e) => onKeyDown(e, i)}
          >
            {aba.rotulo}
          </button>
        ))}
      </div>
      {abas.map((aba) => (
        <div
          key={aba.id}
          id={`${base}-painel-${aba.id}`}
          role="tabpanel"
          className="abas__painel"
          aria-labelledby={`${base}-aba-${aba.id}`}
          hidden={aba.id !== ativa}
          tabIndex={0}
        >
          {aba.conteudo}
        </div>
      ))}
    </div>
  );
}
