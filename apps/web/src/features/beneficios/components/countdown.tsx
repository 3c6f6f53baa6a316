import { useEffect, useRef } from 'react';
import { pad2 } from '../../../shared/lib/countdown';
import { useCountdown } from '../../../shared/lib/use-countdown';

/** Time left until a blocked benefit opens, ticking every second; `onFim` runs once at zero. */
export function Countdown({ target, onEnd }: { target: Date; onEnd?: () => void }) {
  const { days, hours, minutes, seconds, done } = useCountdown(target);
  const notified = useRef(false);

  useEffect(() => {
    if (!done || notified.current) return;
    notified.current = true;
    onEnd?.();
  }, [done, onEnd]);

  if (done) return null;
  return (
    <p className="beneficio-card__contagem" role="timer" aria-label="Tempo até a abertura do resgate">
      <span>Abre em</span>{' '}
      <strong>
        {days > 0 ? `${days}d ` : ''}
        {pad2(hours)}h {pad2(minutes)}m {pad2(seconds)}s
      </strong>
    </p>
  );
}
