import { vi } from 'vitest';

/**
 * A controllable IntersectionObserver (jsdom has none): `mostrar(el)` tells every observer
 * watching `el` that it came into view.
 */
export function installFakeIntersectionObserver() {
  const observed = new Map<Element, Set<FakeObserver>>();
  class FakeObserver {
    constructor(private readonly callback: IntersectionObserverCallback) {}
    observe(el: Element) {
      if (!observed.has(el)) observed.set(el, new Set());
      observed.get(el)!.add(this);
    }
    unobserve(el: Element) {
      observed.get(el)?.delete(this);
    }
    disconnect() {
      for (const set of observed.values()) set.delete(this);
    }
    fire(el: Element) {
      this.callback([{ target: el, isIntersecting: true } as IntersectionObserverEntry], this as unknown as IntersectionObserver);
    }
  }
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  return {
    /** Elements some observer is watching now. */
    observed: () => [...observed.entries()].filter(([, s]) => s.size > 0).map(([el]) => el),
    show(el: Element) {
      for (const o of [...(observed.get(el) ?? [])]) o.fire(el);
    },
  };
}
