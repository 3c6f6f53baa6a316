export interface TimeParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** Splits a remaining time into whole days/hours/minutes/seconds; a past target gives zeros. */
export function splitDuration(ms: number): TimeParts {
  const total = Math.max(0, Math.floor(ms / 1000));
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}

export const pad2 = (n: number) => String(n).padStart(2, '0');

/** 75 -> '01:15'; negatives clamp to '00:00'. */
export function formatMmSs(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  return `${pad2(Math.floor(s / 60))}:${pad2(s % 60)}`;
}
