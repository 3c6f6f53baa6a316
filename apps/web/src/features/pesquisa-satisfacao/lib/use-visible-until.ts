import { useEffect, useState } from 'react';

/** True while `ativo`, and for `atrasoMs` after it turns false (the survey's loader lingers 600 ms). */
export function useVisibleUntil(active: boolean, delayMs: number): boolean {
  const [visible, setVisible] = useState(true);
  useEffect(() => {
    if (active) {
      setVisible(true);
      return;
    }
    const timer = window.setTimeout(() => setVisible(false), delayMs);
    return () => window.clearTimeout(timer);
  }, [active, delayMs]);
  return active || visible;
}
