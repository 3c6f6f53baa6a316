import { useId, useLayoutEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import './modal.css';

const CloseIcon = () => (
  <svg width={20} height={20} viewBox="0 0 24 24" fill="none" aria-hidden="true" focusable="false">
    <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
  </svg>
);

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

interface ModalProps {
  titulo: string;
  onClose: () => void;
  children: ReactNode;
  /** 'preview' is the wide image viewer. */
  variant?: 'padrao' | 'preview';
}

/**
 * The one modal dialog of the app (shared by every feature): role=dialog labelled by its title, a Fechar button, Escape and a click outside
 * close it, Tab stays inside, and focus goes back to what opened it.
 */
export function Modal({ titulo: title, onClose, children, variant = 'padrao' }: ModalProps) {
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);

  // Focus moves in before the dialog is painted (a layout effect, not a passive one): Escape is
  // handled by the dialog, and a key pressed as soon as it shows must reach it. With a passive
  // effect a loaded machine painted the dialog first and an Escape went to the button behind it.
  useLayoutEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const node = ref.current;
    const initial = node?.querySelector<HTMLElement>('[data-autofocus]') ?? node;
    initial?.focus();
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
      if (previous?.isConnected) previous.focus();
    };
  }, []);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !ref.current) return;
    const focusable = [...ref.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && (document.activeElement === first || document.activeElement === ref.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return createPortal(
    <div
      className="modal-fundo"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={ref}
        className={`modal modal--${variant}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <div className="modal__topo">
          <h2 id={titleId} className="modal__titulo">
            {title}
          </h2>
          <button type="button" className="modal__fechar" aria-label="Fechar" onClick={onClose}>
            <CloseIcon />
          </button>
        </div>
        <div className="modal__corpo">{children}</div>
      </div>
    </div>,
    document.body,
  );
}
