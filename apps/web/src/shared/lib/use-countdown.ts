import { useEffect, useState } from 'react';
import { splitDuration, type TimeParts } from './countdown';

const TICK_MS = 1000;

/** Time left until `target`, ticking every second and stopping at zero. */
export function useCountdown(target: Date): TimeParts & { done: boolean } {
  const targetMs = target.getTime();
  const [now, setNow] = useState(() => Date.now());
  const done = now >= targetMs;

  useEffect(() => {
    if (done) return;
    const timer = window.setInterval(() => setNow(Date.now()), TICK_MS);
    return () => window.clearInterval(timer);
  }, [done, targetMs]);

  return { ...splitDuration(targetMs - now), done };
}

/** Seconds left of a cooldown started with `start(seconds)`; 0 when idle. */
export function useCooldown(): { remaining: number; start: (seconds: number) => void } {
  const [endsAt, setEndsAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (endsAt === null) return;
    const timer = window.setInterval(() => {
      const t = Date.now();
      setNow(t);
      if (t >= endsAt) setEndsAt(null);
    }, TICK_MS);
    return () => window.clearInterval(timer);
  }, [endsAt]);

  const remaining = endsAt === null ? 0 : Math.max(0, Math.ceil((endsAt - now) / 1000));
  return {
    remaining,
    start: (seconds: number) => {
      const t = Date.now();
      setNow(t);
      setEndsAt(t + seconds * 1000);
    },
  };
}
