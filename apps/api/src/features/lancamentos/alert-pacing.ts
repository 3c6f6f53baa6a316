// Pacing within a wave (docs/decisions/0049-launch-alert-waves.md, "Pacing within a wave"). The rule
// (alert-wave-rule.ts) says how many members a wave tells; sent as fast as pooled SMTP allows, a wave
// would be a burst in the first seconds of its interval, and so would its members' arrivals at the
// portal and the waiting room. So each of the wave's jobs spreads its share over most of the interval:
// a token bucket that starts when the wave was made. Pure, so the schedule is tested without a clock.

/** The share of the interval a wave is spread over: the rest is slack before the next wave. */
export const SPREAD_SHARE = 0.8;
/** Below this a spread means nothing (tests' tiny intervals, a wave made at its bound): flat out. */
export const MIN_SPREAD_MS = 1000;
/** A claim holds what accrues in about this long (fewer claims per alert at a slow pace). */
const CLAIM_EVERY_MS = 1000;

export interface PaceInput {
  /** The wave's size (lancamento_aviso_onda.tamanho). */
  size: number;
  /** Jobs queued for the wave (the planner's sendersPerWave): each sends its share. */
  copies: number;
  /** ALERTAS_ONDA_S. */
  intervalMs: number;
  /** From the wave's making to the launch's bound (acesso_inicio + aviso_prazo_min); ≤ 0: past it. */
  msToBound: number;
}

export interface Pace {
  /** What one job is to send over the spread. */
  perJob: number;
  /** How long the wave is spread over, from its making; 0: flat out. */
  spreadMs: number;
}

/**
 * The wave over SHARE of its interval, or of what is left to the bound when that is shorter (a late
 * last wave goes faster: the bound is a promise, the pace a preference); flat out when that is under
 * MIN_SPREAD_MS.
 */
export function wavePace({ size, copies, intervalMs, msToBound }: PaceInput): Pace {
  const spreadMs = SPREAD_SHARE * Math.min(intervalMs, Math.max(0, msToBound));
  if (!(spreadMs >= MIN_SPREAD_MS) || size <= 0) return { perJob: size, spreadMs: 0 };
  return { perJob: size / Math.max(1, copies), spreadMs };
}

export interface Claim {
  /** How many rows to claim now (0: wait first). */
  take: number;
  /** How long to wait before asking again (0 when take > 0). */
  waitMs: number;
}

/**
 * One job's next claim: by `elapsedMs` after the wave was made it may have taken
 * ⌊perJob·elapsed/spread⌋ + 1 rows; past the spread, or flat out, anything left goes in batches of
 * `batch`. A claim waits for what accrues in about a second (at least one row, at most `batch`): not a
 * claim per alert at a slow pace, and a claimed row waits for its send no longer than that.
 */
export function nextClaim(pace: Pace, elapsedMs: number, taken: number, batch: number): Claim {
  if (pace.spreadMs === 0 || elapsedMs >= pace.spreadMs) return { take: batch, waitMs: 0 };
  const perMs = pace.perJob / pace.spreadMs;
  const due = Math.floor(perMs * Math.max(0, elapsedMs)) + 1;
  const chunk = Math.min(batch, Math.max(1, Math.round(perMs * CLAIM_EVERY_MS)));
  if (due - taken >= chunk) return { take: Math.min(batch, due - taken), waitMs: 0 };
  // When `due` reaches taken + chunk, or the spread ends, whichever is first.
  const at = Math.min(pace.spreadMs, (taken + chunk - 1) / perMs);
  return { take: 0, waitMs: Math.max(1, Math.ceil(at - elapsedMs)) };
}
