import { useCallback, useEffect, useRef, useState } from 'react';

/** Spec 001 sections 2.22 and 9: badge modals open 200 ms after the click (the press shows first). */
export const ATRASO_MODAL_MS = 200;

/** Which item's modal is open; `abrir` waits ATRASO_MODAL_MS, a second click restarts the wait. */
export function useModalAtrasado<T>() {
  const [aberto, setAberto] = useState<T | null>(null);
  const timer = useRef<number | undefined>(undefined);

  const abrir = useCallback((item: T) => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setAberto(() => item), ATRASO_MODAL_MS);
  }, []);
  const fechar = useCallback(() => {
    window.clearTimeout(timer.current);
    setAberto(null);
  }, []);

  useEffect(() => () => window.clearTimeout(timer.current), []);
  return { aberto, abrir, fechar };
}
