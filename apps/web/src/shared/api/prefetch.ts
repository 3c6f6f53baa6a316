import type { InitialPrefetch } from '../../app/prefetch/initial-prefetch';
import { getToken } from '../session/session';

/** Older than this, a prefetched answer is not handed out: the app has moved on. */
const VALIDITY_MS = 15_000;

/**
 * The answer the first-screen prefetch (app/prefetch/initial-prefetch.ts) already requested for
 * this GET with this token, handed out once; later calls go to the network as usual.
 */
export function takePrefetch(url: string, token: string | null): Promise<Response> | undefined {
  const prefetch: InitialPrefetch | undefined = window.__legiaoPrefetch;
  if (!prefetch || !token) return undefined;
  if (prefetch.token !== token || Date.now() - prefetch.inicio > VALIDITY_MS) {
    delete window.__legiaoPrefetch;
    return undefined;
  }
  const answer = prefetch.respostas[url];
  delete prefetch.respostas[url];
  return answer;
}

/**
 * The parsed answer the prefetch already has for this URL (same token, still fresh), and when it was
 * asked for: a first-screen query starts with it as its initial data, so the home renders complete
 * the first time instead of empty and then once per answer (docs/decisions/0022-home-first-screen.md).
 * Undefined when the answer has not arrived (the query then fetches as usual, through takePrefetch).
 */
export function prefetchedData(url: string): { data: unknown; at: number } | undefined {
  const prefetch: InitialPrefetch | undefined = window.__legiaoPrefetch;
  const token = getToken();
  if (!prefetch?.dados || !token || prefetch.token !== token || Date.now() - prefetch.inicio > VALIDITY_MS) return undefined;
  if (!(url in prefetch.dados)) return undefined;
  return { data: prefetch.dados[url], at: prefetch.inicio };
}

/** initialData / initialDataUpdatedAt for a query whose answer the prefetch may already have. */
export function fromPrefetch<T>(url: string, shape: (data: unknown) => T) {
  return {
    initialData: () => {
      const found = prefetchedData(url);
      return found ? shape(found.data) : undefined;
    },
    initialDataUpdatedAt: () => prefetchedData(url)?.at,
  };
}
