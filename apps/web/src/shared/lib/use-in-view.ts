import { useCallback, useEffect, useState } from 'react';

/**
 * True once the element has come within `rootMargin` of the viewport, and true for good after
 * that (a section mounted on the way down stays mounted). Where IntersectionObserver does not
 * exist (old browsers, jsdom) everything counts as in view: nothing may stay hidden for lack of it.
 * `ativo: false` holds the observation back (e.g. until the layout above has settled).
 */
export function useInView<T extends Element>({ rootMargin, ativo: active = true }: { rootMargin: string; ativo?: boolean }) {
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === 'undefined');
  const [element, setElement] = useState<T | null>(null);
  const ref = useCallback((el: T | null) => setElement(el), []);

  useEffect(() => {
    if (seen || !active || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setSeen(true);
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [seen, active, element, rootMargin]);

  return [ref, seen] as const;
}
