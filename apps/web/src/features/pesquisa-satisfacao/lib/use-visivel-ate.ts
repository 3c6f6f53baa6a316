import { useEffect, useState } from 'react';

/** True while `ativo`, and for `atrasoMs` after it turns false (the survey's loader lingers 600 ms). */
export function useVisivelAte(ativo: boolean, atrasoMs: number): boolean {
  const [visivel, setVisivel] = useState(true);
  useEffect(() => {
    if (ativo) {
      setVisivel(true);
      return;
    }
    const timer = window.setTimeout(() => setVisivel(false), atrasoMs);
    return () => window.clearTimeout(timer);
  }, [ativo, atrasoMs]);
  return ativo || visivel;
}
