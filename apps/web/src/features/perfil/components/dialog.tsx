import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A modal dialog: role=dialog labelled by its title, Escape closes it, Tab stays inside, and focus
 * goes back to what opened it.
 */
export function Dialog({ titulo, onClose, children }: { titulo: string; onClose: () => void; children: ReactNode }) {
  const tituloId = useId();
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const anterior = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const node = ref.current;
    (node?.querySelector<HTMLElement>('[data-autofocus]') ?? node)?.focus();
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
      if (anterior?.isConnected) anterior.focus();
    };
  }, []);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !ref.current) return;
    const focaveis = [...ref.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const primeiro = focaveis[0];
    const ultimo = focaveis[focaveis.length - 1];
    if (!primeiro || !ultimo) return;
    if (event.shiftKey && (document.activeElement === primeiro || document.activeElement === ref.current)) {
      event.preventDefault();
      ultimo.focus();
    } else if (!event.shiftKey && document.activeElement === ultimo) {
      event.preventDefault();
      primeiro.focus();
    }
  }

  return createPortal(
    <div className="dialogo-fundo">
      <div ref={ref} className="dialogo" role="dialog" aria-modal="true" aria-labelledby={tituloId} tabIndex={-1} onKeyDown={onKeyDown}>
        <h2 id={tituloId} className="dialogo__titulo">
          {titulo}
        </h2>
        {children}
      </div>
    </div>,
    document.body,
  );
}
