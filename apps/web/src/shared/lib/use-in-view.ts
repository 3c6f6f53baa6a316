import { useCallback, useEffect, useState } from 'react';

/**
 * True once the element has come within `rootMargin` of the viewport, and true for good after
 * that (a section mounted on the way down stays mounted). Where IntersectionObserver does not
 * exist (old browsers, jsdom) everything counts as in view: nothing may stay hidden for lack of it.
 * `ativo: false` holds the observation back (e.g. until the layout above has settled).
 */
export function useInView<T extends Element>({ rootMargin, ativo: active = true }: { rootMargin: string; ativo?: boolean }) {
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === 'undefined');
  const [elemento, setElemento] = useState<T | null>(null);
  const ref = useCallback((el: T | null) => setElemento(el), []);

  useEffect(() => {
    if (seen || !active || !elemento) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setSeen(true);
      },
      { rootMargin },
    );
    observer.observe(elemento);
    return () => observer.disconnect();
  }, [seen, active, elemento, rootMargin]);

  return [ref, seen] as const;
}
