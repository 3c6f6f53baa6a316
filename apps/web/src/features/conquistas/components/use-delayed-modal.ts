import { useCallback, useEffect, useRef, useState } from 'react';

/** Spec 001 sections 2.22 and 9: badge modals open 200 ms after the click (the press shows first). */
export const MODAL_DELAY_MS = 200;

/** Which item's modal is open; `abrir` waits ATRASO_MODAL_MS, a second click restarts the wait. */
export function useDelayedModal<T>() {
  const [isOpen, setIsOpen] = useState<T | null>(null);
  const timer = useRef<number | undefined>(undefined);

  const open = useCallback((item: T) => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setIsOpen(() => item), MODAL_DELAY_MS);
  }, []);
  const close = useCallback(() => {
    window.clearTimeout(timer.current);
    setIsOpen(null);
  }, []);

  useEffect(() => () => window.clearTimeout(timer.current), []);
  return { isOpen: isOpen, open: open, close: close };
}
