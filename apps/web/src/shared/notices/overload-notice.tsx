import { useEffect, useState, useSyncExternalStore } from 'react';
import { overloadStore } from '../api/overload';
import './notices.css';

/**
 * "Muita gente agora": shown while a call waits to be asked again because the API is shedding load
 * (shared/api/overload.ts). Calm on purpose: nothing failed, the member does not need to do
 * anything, the page carries on by itself when the answer comes.
 */
export function OverloadNotice() {
  const { retryAt } = useSyncExternalStore(overloadStore.subscribe, overloadStore.get, overloadStore.get);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (retryAt === null) return;
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [retryAt]);
  if (retryAt === null) return null;
  const seconds = Math.max(0, Math.ceil((retryAt - now) / 1000));
  return (
    <div className="notices notices--overload" aria-live="polite">
      <div className="notice notice--info notice--overload" role="status" data-testid="muita-gente">
        <div className="notice__message">
          <p className="notice__title">Muita gente agora</p>
          <p className="notice__text">
            O portal está bem movimentado neste momento. Já estamos tentando de novo por você, não precisa recarregar a
            página.
          </p>
          <p className="notice__text notice__text--muted">{seconds > 0 ? `Nova tentativa em ${seconds} s…` : 'Tentando de novo…'}</p>
        </div>
      </div>
    </div>
  );
}
