import type { PrefetchInicial } from '../../app/prefetch/prefetch-inicial';

/** Older than this, a prefetched answer is not handed out: the app has moved on. */
const VALIDADE_MS = 15_000;

/**
 * The answer the first-screen prefetch (app/prefetch/prefetch-inicial.ts) already requested for
 * this GET with this token, handed out once; later calls go to the network as usual.
 */
export function tomarPrefetch(url: string, token: string | null): Promise<Response> | undefined {
  const prefetch: PrefetchInicial | undefined = window.__legiaoPrefetch;
  if (!prefetch || !token) return undefined;
  if (prefetch.token !== token || Date.now() - prefetch.inicio > VALIDADE_MS) {
    delete window.__legiaoPrefetch;
    return undefined;
  }
  const resposta = prefetch.respostas[url];
  delete prefetch.respostas[url];
  return resposta;
}
