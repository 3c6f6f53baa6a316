// The alert waves' control rule (issue 32 §2; docs/decisions/0049-launch-alert-waves.md), a pure
// function so it can be tested on its own. Each wave is as large as the waiting room can absorb
// without its line growing past a target (the pace), and never smaller than what still has to go out
// for everyone to be alerted within the launch's bound (the floor).

export interface WaveInput {
  /** Members who asked and are not alerted (nor in a wave) yet. */
  remaining: number;
  /**
   * Alerts of earlier waves not sent yet (reserved or being sent): they will bring their members as
   * surely as this wave's, so they take their share of the room first. Without it, waves made while
   * the senders were behind kept sizing themselves to an empty room (the line cannot show alerts
   * not sent), and the backlog grew a wave at a time (seen at 100,000 members: 7 waves of 15,000
   * queued while 16,000 had gone out).
   */
  pending?: number;
  /**
   * Alerts already sent whose members are expected but have not come yet: the sum over the sent alerts
   * of e^(−age/τ), τ the mean reaction time (ALERTAS_REACAO_S). The room's line cannot show them either:
   * without this term, senders faster than the room overfilled the line (seen at 100,000 members:
   * 20,889 in line against a target of 12,000) because each wave sized itself to a line the members of
   * the waves before were still on their way to.
   */
  inTransit?: number;
  /** Since the early-access window opened. */
  elapsedMs: number;
  /** The launch's bound: everyone who asked is alerted within this of the opening (`aviso_prazo_min`). */
  boundMs: number;
  /** Time between two waves. */
  intervalMs: number;
  /** The waiting room now: people in line, admissions in the last minute (measured), the operators' rate, paused. */
  queueLength: number;
  admittedLastMinute: number;
  ratePerMinute: number;
  paused: boolean;
  /** The line the waves aim for, as a wait at the admission rate (e.g. 2 minutes' worth). */
  targetWaitMs: number;
  /** Share of the alerted members expected to come (0 < p <= 1); 1 assumes every one of them comes at once (the cautious default). */
  arrivalShare?: number;
}

export interface WaveDecision {
  /** Members to put in this wave. */
  size: number;
  /** The pace's size (what the room absorbs) and the floor's (what the bound needs). */
  paced: number;
  floor: number;
  /** The admission rate the pace used (per minute) and the line it aimed for. */
  rate: number;
  targetQueue: number;
  /** Waves left before the bound, this one included. */
  wavesLeft: number;
}

/**
 * The admission rate the waves follow: with people in line the room is what limits, so its measured
 * admissions are the rate; with nobody in line the measure says only how many came, not how many
 * could, so the operators' rate is the capacity. Paused: nobody is admitted.
 */
export function effectiveRate(i: Pick<WaveInput, 'queueLength' | 'admittedLastMinute' | 'ratePerMinute' | 'paused'>): number {
  if (i.paused) return 0;
  return i.queueLength > 0 ? Math.max(0, i.admittedLastMinute) : Math.max(0, i.ratePerMinute);
}

/**
 * size = min(remaining, max(paced, floor)), where
 *   paced = max(0, ⌊(r·Δ + max(0, r·W − q)) / p⌋ − b − c)  (what is admitted until the next wave, plus the room left
 *           below the target line, less the b alerts of earlier waves not sent yet and the c members alerted and
 *           still on their way)
 *   floor = ⌈remaining / n⌉, n = max(1, ⌊(bound − elapsed) / Δ⌋)  (the waves left before the bound share what is left)
 * with r the rate per ms, Δ the interval, W the target wait, q the line, p the share expected to come.
 * The last wave before the bound takes everything left, so the last wave goes out at bound − Δ at the
 * latest (Δ left for the sending itself).
 */
export function waveSize(i: WaveInput): WaveDecision {
  const remaining = Math.max(0, Math.floor(i.remaining));
  const rate = effectiveRate(i);
  const perMs = rate / 60_000;
  const share = Math.min(1, Math.max(0.05, i.arrivalShare ?? 1));
  const targetQueue = Math.floor(perMs * i.targetWaitMs);
  const owed = Math.max(0, Math.floor(i.pending ?? 0)) + Math.max(0, Math.ceil(i.inTransit ?? 0));
  const paced = Math.max(0, Math.floor((perMs * i.intervalMs + Math.max(0, targetQueue - Math.max(0, i.queueLength))) / share) - owed);
  const wavesLeft = Math.max(1, Math.floor((i.boundMs - i.elapsedMs) / i.intervalMs));
  const floor = Math.ceil(remaining / wavesLeft);
  return { size: Math.min(remaining, Math.max(paced, floor)), paced, floor, rate, targetQueue, wavesLeft };
}
