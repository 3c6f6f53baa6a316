import { useCallback, useEffect, useState } from 'react';

/**
 * True once the element has come within `rootMargin` of the viewport, and true for good after
 * that (a section mounted on the way down stays mounted). Where IntersectionObserver does not
 * exist (old browsers, jsdom) everything counts as in view: nothing may stay hidden for lack of it.
 * `ativo: false` holds the observation back (e.g. until the layout above has settled).
 */
export function useInView<T extends Element>({ rootMargin, ativo = true }: { rootMargin: string; ativo?: boolean }) {
  const [visto, setVisto] = useState(() => typeof IntersectionObserver === 'undefined');
  const [elemento, setElemento] = useState<T | null>(null);
  const ref = useCallback((el: T | null) => setElemento(el), []);

  useEffect(() => {
    if (visto || !ativo || !elemento) return;
    const observer = new IntersectionObserver(
      (entradas) => {
        if (entradas.some((e) => e.isIntersecting)) setVisto(true);
      },
      { rootMargin },
    );
    observer.observe(elemento);
    return () => observer.disconnect();
  }, [visto, ativo, elemento, rootMargin]);

  return [ref, visto] as const;
}
