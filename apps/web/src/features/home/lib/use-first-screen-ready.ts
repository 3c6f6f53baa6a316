import { useIsFetching } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

/** Past this the sections below start watching anyway: a slow call must not keep them hidden. */
const MAX_WAIT_MS = 4000;

/**
 * True once the first screen's calls have all answered (no query in flight), then for good.
 * Until then the first screen's sections show loaders shorter than their content, so the
 * placeholders below sit higher than they will: watching them that early would mount sections
 * that end up below the fold (docs/decisions/0018-home-on-a-phone.md).
 */
export function useFirstCallsSettled(): boolean {
  const searching = useIsFetching();
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (searching === 0) setReady(true);
  }, [searching]);
  useEffect(() => {
    const t = window.setTimeout(() => setReady(true), MAX_WAIT_MS);
    return () => window.clearTimeout(t);
  }, []);
  return ready;
}
