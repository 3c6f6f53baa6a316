import { useEffect, type RefObject } from 'react';

/** How long an arrival at an anchor keeps its target in view while the page above settles. */
export const KEEP_IN_VIEW_MS = 3000;
const MEMBER_SCROLLS = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/**
 * Scrolls the element into view when `active` turns true, and again whenever the page's height
 * changes during the next KEEP_IN_VIEW_MS: sections above it that mount on the way (their real
 * height differs from their placeholder's) would otherwise push the target off screen. Stops at
 * once when the member scrolls, types or touches: their scroll wins.
 */
export function useKeepInView(ref: RefObject<HTMLElement | null>, active: boolean) {
  useEffect(() => {
    const el = ref.current;
    if (!active || !el) return;
    el.scrollIntoView();
    if (typeof ResizeObserver === 'undefined') return;
    const resize = new ResizeObserver(() => el.scrollIntoView());
    resize.observe(document.body);
    const stop = () => {
      resize.disconnect();
      window.clearTimeout(timer);
      for (const type of MEMBER_SCROLLS) window.removeEventListener(type, stop, true);
    };
    const timer = window.setTimeout(stop, KEEP_IN_VIEW_MS);
    for (const type of MEMBER_SCROLLS) window.addEventListener(type, stop, { capture: true, passive: true });
    return stop;
  }, [ref, active]);
}
