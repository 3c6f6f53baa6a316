/** First reconnect delay; each failed attempt doubles it, up to RECONNECT_MAX_MS. */
export const RECONNECT_BASE_MS = 500;
export const RECONNECT_MAX_MS = 15_000;
/** ±20 % spread, so a crowd dropped by one server restart does not come back in one wave. */
const JITTER = 0.2;

/**
 * Delay before reconnect attempt number `failures` (0 after a socket that had opened, 1 after one
 * failed attempt, ...): 0.5 s, 1 s, 2 s, 4 s, 8 s, 15 s, 15 s... with jitter. `random` in [0, 1).
 */
export function reconnectDelay(failures: number, random: () => number = Math.random): number {
  const nominal = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** Math.max(0, failures));
  const jittered = nominal * (1 - JITTER + 2 * JITTER * random());
  return Math.round(Math.min(RECONNECT_MAX_MS, jittered));
}
