import type { InitialPrefetch } from '../../app/prefetch/initial-prefetch';

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
  // Asked before the prefetch did (a reload, the app's code from the cache): it must not ask again.
  if (!answer) prefetch.askedByApp[url] = true;
  return answer;
}
