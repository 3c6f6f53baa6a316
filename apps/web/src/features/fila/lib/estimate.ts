/**
 * Estimated wait from the position and the pace the queue is seen to move at. Until the queue has
 * moved enough to measure, a rough pace is assumed.
 */

/** Rough guess, used until a pace is measured: one place every 5 s (12 admissions a minute). */
export const ROUGH_MS_PER_PLACE = 5_000;
/** Only the recent pace counts: a launch-day rush and a quiet evening move at different speeds. */
const WINDOW_MS = 5 * 60_000;
/** Less than this between the first and last sample is noise, not a pace. */
const MIN_SPAN_MS = 10_000;

interface Sample {
  at: number;
  posicao: number;
}

export class PaceTracker {
  private samples: Sample[] = [];

  reset() {
    this.samples = [];
  }

  /** Records a reported position. A position that went up means a new place: start over. */
  add(position: number, at: number) {
    const last = this.samples[this.samples.length - 1];
    if (last && position > last.posicao) this.samples = [];
    // The same position again (a reconnect's answer): the time it was first seen is what counts.
    else if (last && position === last.posicao) return;
    this.samples.push({ posicao: position, at });
    while (this.samples.length > 2 && at - this.samples[0]!.at > WINDOW_MS) this.samples.shift();
  }

  /** Milliseconds per place: measured when the queue moved over at least 10 s, else the rough guess. */
  msPerPlace(now: number): number {
    const first = this.samples[0];
    const last = this.samples[this.samples.length - 1];
    if (!first || !last) return ROUGH_MS_PER_PLACE;
    const moved = first.posicao - last.posicao;
    if (moved > 0 && last.at - first.at >= MIN_SPAN_MS) return (last.at - first.at) / moved;
    // Nothing moved yet: the next place takes at least as long as we have been waiting for it.
    return moved > 0 ? ROUGH_MS_PER_PLACE : Math.max(ROUGH_MS_PER_PLACE, now - first.at);
  }

  estimateMs(position: number, now: number): number {
    return position * this.msPerPlace(now);
  }
}

/** 'menos de 1 min', 'cerca de 7 min', 'cerca de 1 h 20 min' (minutes rounded up, hours to 5 min). */
export function formatWait(ms: number): string {
  const minutes = Math.ceil(ms / 60_000);
  if (minutes <= 1) return ms < 60_000 ? 'menos de 1 min' : 'cerca de 1 min';
  if (minutes < 60) return `cerca de ${minutes} min`;
  const rounded = Math.ceil(minutes / 5) * 5;
  const h = Math.floor(rounded / 60);
  const m = rounded % 60;
  return m === 0 ? `cerca de ${h} h` : `cerca de ${h} h ${m} min`;
}
