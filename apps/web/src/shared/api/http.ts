import { MSG } from '@legiao/contracts/messages';
import { navigateTo, scrollToTop } from '../navigation/app-navigate';
import { clearSession, getToken } from '../session/session';
import { ApiError, firstErrorMessage } from './api-error';
import { takePrefetch } from './prefetch';
import { isOverloaded, waitReason, OVERLOAD_GIVE_UP_MS, overloadDelay, overloadStore, sleep } from './overload';
import { OPS_MSG } from '@legiao/contracts/ops-constants';

export const API_BASE = '/api';
/** The public survey works without a session: a 401 there must not log anybody out. */
const PUBLIC_SURVEY_ROUTE = '/pesquisa-de-satisfacao';
export const UNAUTHORIZED_REDIRECT_DELAY_MS = 1000;

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
  /** Skip the 401 session reset (used by logout, whose token may already be dead). */
  skipUnauthorizedHandler?: boolean;
  /** Extra request headers (e.g. Idempotency-Key on a redemption). */
  headers?: Record<string, string>;
}

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const url = `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

/** A call that carried a token got 401: the session is over (also used by uploads, which use XHR). */
export function handleUnauthorized() {
  if (window.location.pathname.startsWith(PUBLIC_SURVEY_ROUTE)) {
    console.warn('Requisição não autorizada na pesquisa de satisfação.');
    return;
  }
  clearSession();
  window.setTimeout(() => {
    navigateTo('/login');
    scrollToTop();
  }, UNAUTHORIZED_REDIRECT_DELAY_MS);
}

/** fetch wrapper for the API: JSON in, JSON or text out, bearer token attached when stored. */
export async function http<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', query, body, signal, skipUnauthorizedHandler } = options;
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  const url = buildUrl(path, query);
  // The member home's first calls may already be on their way (app/prefetch/initial-prefetch.ts).
  let prefetched = method === 'GET' && body === undefined && !options.headers ? takePrefetch(url, token) : undefined;
  // A 503 + Retry-After (the API shedding load) is asked again after a backoff, while the app shows
  // "muita gente agora" (overload.ts); only after OVERLOAD_GIVE_UP_MS does the call fail.
  const call = Symbol(url);
  const startedAt = Date.now();
  const idempotencyKey = Object.keys(headers).some((name) => name.toLowerCase() === 'idempotency-key');
  try {
    for (let attempt = 0; ; attempt++) {
      let response: Response;
      try {
        response = await (prefetched ?? fetch(url, {
          method,
          headers,
          body: body === undefined ? undefined : JSON.stringify(body),
          signal,
        }));
      } catch (cause) {
        if (signal?.aborted) throw cause;
        throw new ApiError(0, MSG.fallback);
      }
      prefetched = undefined;

      const data = await readBody(response).catch(() => undefined);
      if (response.ok) return data as T;
      const retryAfter = response.headers.get('retry-after');
      if (isOverloaded(response.status, retryAfter, method, data, idempotencyKey)) {
        const delay = overloadDelay(retryAfter, attempt);
        if (Date.now() + delay - startedAt <= OVERLOAD_GIVE_UP_MS) {
          overloadStore.wait(call, Date.now() + delay, waitReason(data));
          await sleep(delay, signal);
          continue;
        }
        // Given up: the server's own words (too busy, restarting, the database away).
        throw new ApiError(503, firstErrorMessage(data) ?? OPS_MSG.sobrecarga, data);
      }
      if (response.status === 401 && token && !skipUnauthorizedHandler) handleUnauthorized();
      throw new ApiError(response.status, firstErrorMessage(data) ?? MSG.fallback, data);
    }
  } finally {
    overloadStore.done(call);
  }
}
