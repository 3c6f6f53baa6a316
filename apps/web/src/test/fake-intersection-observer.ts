import { vi } from 'vitest';

/**
 * A controllable IntersectionObserver (jsdom has none): `mostrar(el)` tells every observer
 * watching `el` that it came into view.
 */
export function installFakeIntersectionObserver() {
  const observados = new Map<Element, Set<FakeObserver>>();
  class FakeObserver {
    constructor(private readonly callback: IntersectionObserverCallback) {}
    observe(el: Element) {
      if (!observados.has(el)) observados.set(el, new Set());
      observados.get(el)!.add(this);
    }
    unobserve(el: Element) {
      observados.get(el)?.delete(this);
    }
    disconnect() {
      for (const set of observados.values()) set.delete(this);
    }
    disparar(el: Element) {
      this.callback([{ target: el, isIntersecting: true } as IntersectionObserverEntry], this as unknown as IntersectionObserver);
    }
  }
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  return {
    /** Elements some observer is watching now. */
    observados: () => [...observados.entries()].filter(([, s]) => s.size > 0).map(([el]) => el),
    mostrar(el: Element) {
      for (const o of [...(observados.get(el) ?? [])]) o.disparar(el);
    },
  };
}
