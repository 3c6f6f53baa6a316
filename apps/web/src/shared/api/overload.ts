import { OPS_RETRY_CODES, OPS_RETRY_WITH_KEY_CODES } from '@legiao/contracts/ops-constants';

// The API sheds load with 503 + Retry-After when too many members arrive at once (issue 15,
// docs/decisions/0024-overload-and-observability.md). Such an answer means "nothing was done, ask
// again in a moment": http.ts waits and asks again by itself, and while it waits the app shows a
// calm "muita gente agora" notice (OverloadNotice) instead of an error.

/** First wait when the server's Retry-After says less; doubles per attempt, up to OVERLOAD_MAX_DELAY_MS. */
export const OVERLOAD_BASE_DELAY_MS = 1_000;
export const OVERLOAD_MAX_DELAY_MS = 30_000;
/** After this long in total the call gives up and fails with the overload message. */
export const OVERLOAD_GIVE_UP_MS = 120_000;
/** ±20 %: a crowd refused in the same second does not come back in the same second. */
const JITTER = 0.2;

/**
 * Milliseconds before attempt `attempt + 1` (attempt 0 is the first retry): the larger of the
 * server's Retry-After and an exponential backoff, capped, with jitter. `random` in [0, 1).
 */
export function overloadDelay(retryAfter: string | null, attempt: number, random: () => number = Math.random): number {
  const seconds = Number(retryAfter);
  const server = Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 0;
  const backoff = OVERLOAD_BASE_DELAY_MS * 2 ** Math.max(0, attempt);
  const nominal = Math.min(OVERLOAD_MAX_DELAY_MS, Math.max(server, backoff));
  return Math.round(Math.min(OVERLOAD_MAX_DELAY_MS, nominal * (1 - JITTER + 2 * JITTER * random())));
}

/**
 * The answer is "too busy, try again": 503 with Retry-After. A GET is always safe to repeat; any
 * other method only when the body says the server did nothing (SOBRECARGA, ENCERRANDO,
 * BANCO_INDISPONIVEL), or when it may have done it (BANCO_INTERROMPIDO: the database connection
 * broke mid-call) but the call carried an Idempotency-Key, whose repeat replays the first answer
 * (docs/decisions/0038-database-outage.md). A 503 without Retry-After (the CEP provider down,
 * readiness) stays an ordinary error.
 */
export function isOverloaded(status: number, retryAfter: string | null, method: string, body: unknown, idempotencyKey = false): boolean {
  if (status !== 503 || retryAfter === null) return false;
  if (method === 'GET') return true;
  const errors = (body as { errors?: { code?: unknown }[] } | null)?.errors;
  const code = Array.isArray(errors) ? errors[0]?.code : undefined;
  if (typeof code !== 'string') return false;
  return (OPS_RETRY_CODES as readonly string[]).includes(code) || (idempotencyKey && (OPS_RETRY_WITH_KEY_CODES as readonly string[]).includes(code));
}

/**
 * Why a call waits: 'busy' (the API shedding load: SOBRECARGA) or 'unstable' (a server restarting,
 * the database or the waiting room's store away for a moment): the notice words them differently.
 */
export type WaitReason = 'busy' | 'unstable';

/** The reason a 503's body gives, for the notice. */
export function waitReason(body: unknown): WaitReason {
  const code = (body as { errors?: { code?: unknown }[] } | null)?.errors?.[0]?.code;
  return code === undefined || code === 'SOBRECARGA' ? 'busy' : 'unstable';
}

/** What the notice shows: when the next attempt goes (epoch ms), or null when nothing waits, and why. */
export interface OverloadState {
  retryAt: number | null;
  reason: WaitReason;
}

let state: OverloadState = { retryAt: null, reason: 'busy' };
const waiting = new Map<symbol, { at: number; reason: WaitReason }>();
const listeners = new Set<() => void>();

function publish() {
  const calls = [...waiting.values()];
  const next = calls.length ? Math.min(...calls.map((c) => c.at)) : null;
  // A crowd is the likelier story when both are seen: say "busy" if any call was refused for it.
  const reason: WaitReason = calls.some((c) => c.reason === 'busy') || !calls.length ? 'busy' : 'unstable';
  if (next === state.retryAt && reason === state.reason) return;
  state = { retryAt: next, reason };
  listeners.forEach((l) => l());
}

export const overloadStore = {
  get: (): OverloadState => state,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** One call is waiting until `retryAt`. */
  wait(call: symbol, retryAt: number, reason: WaitReason = 'busy') {
    waiting.set(call, { at: retryAt, reason });
    publish();
  },
  /** The call got its answer (or gave up). */
  done(call: symbol) {
    if (waiting.delete(call)) publish();
  },
};

/** Resolves after `ms`, or rejects at once with the signal's reason when it aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
