import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { navigateTo, scrollToTop } from '../../../shared/navigation/app-navigate';
import { onLogout } from '../../../shared/session/logout';
import { clearSession, isLoggedIn } from '../../../shared/session/session';
import type { WaitingRoomController } from '../lib/waiting-room-controller';
import { WaitingRoomContext } from './waiting-room-context';

/** What counts as the member being active (ADR 0008: renew on activity, at most every 30 s). */
const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'scroll', 'touchstart'] as const;

/**
 * Keeps the waiting room's socket for the whole app: on the login page (see useFilaGate) and on
 * every page while a member is logged in. When the queue session ends (ProceedToLogout, or the
 * hub no longer knows this browser) the member is logged out here and sent to / (spec 000 section 4).
 * The controller's code loads only when needed, so a visitor's first paint doesn't carry it.
 */
export function WaitingRoomProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [controller, setController] = useState<WaitingRoomController | null>(null);
  const [ensure, setEnsure] = useState<() => void>(() => () => {});

  useEffect(() => {
    let disposed = false;
    let c: WaitingRoomController | null = null;
    let loading: Promise<WaitingRoomController | null> | null = null;

    const load = (): Promise<WaitingRoomController | null> => {
      loading ??= import('../lib/create-waiting-room-controller')
        .then(({ createWaitingRoomController }) => {
          if (disposed) return null;
          c = createWaitingRoomController({
            isLoggedIn,
            onSessionEnded: () => {
              clearSession();
              queryClient.clear();
              navigateTo('/');
              scrollToTop();
            },
          });
          setController(c);
          c.sync();
          return c;
        })
        .catch((error: unknown) => {
          console.warn('Não foi possível carregar a sala de espera.', error);
          loading = null;
          return null;
        });
      return loading;
    };
    setEnsure(() => () => void load());
    // A logged-in member's socket only renews the session and listens for its end: it waits for the
    // browser to be idle (the first screen first), or for the member's first move, whichever is
    // sooner (docs/decisions/0022-home-first-screen.md). Without requestIdleCallback, next task.
    const idle = window.requestIdleCallback
      ? window.requestIdleCallback(() => isLoggedIn() && void load(), { timeout: 3000 })
      : window.setTimeout(() => isLoggedIn() && void load(), 0);

    const onActivity = () => {
      if (c) c.activity();
      else if (isLoggedIn()) void load();
    };
    const onVisibility = () => {
      if (document.visibilityState === 'visible') c?.visible();
    };
    const onOnline = () => c?.visible();
    // Another tab logged in or out.
    const onStorage = () => {
      if (c) c.sync();
      else if (isLoggedIn()) void load();
    };
    for (const type of ACTIVITY_EVENTS) window.addEventListener(type, onActivity, { passive: true, capture: true });
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('online', onOnline);
    window.addEventListener('storage', onStorage);
    const offLogout = onLogout(() => {
      if (c) c.logout();
      else void load().then((loaded) => loaded?.logout());
    });
    return () => {
      disposed = true;
      if (window.cancelIdleCallback) window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, onActivity, { capture: true });
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('online', onOnline);
      window.removeEventListener('storage', onStorage);
      offLogout();
      c?.dispose();
      setController(null);
    };
  }, [queryClient]);

  const value = useMemo(() => ({ controller, ensure }), [controller, ensure]);
  return <WaitingRoomContext.Provider value={value}>{children}</WaitingRoomContext.Provider>;
}
