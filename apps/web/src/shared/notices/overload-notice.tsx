import { useEffect, useState, useSyncExternalStore } from 'react';
import { overloadStore } from '../api/overload';
import './notices.css';

/**
 * "Muita gente agora": shown while a call waits to be asked again because the API is shedding load
 * (shared/api/overload.ts); "Instabilidade momentânea" when it waits for a server restarting or a
 * database or store away for a moment (ADR 0037, 0038). Calm on purpose: nothing failed, the member does not need to do
 * anything, the page carries on by itself when the answer comes.
 */
export function OverloadNotice() {
  const { retryAt, reason } = useSyncExternalStore(overloadStore.subscribe, overloadStore.get, overloadStore.get);
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
          <p className="notice__title">{reason === 'busy' ? 'Muita gente agora' : 'Instabilidade momentânea'}</p>
          <p className="notice__text">
            {reason === 'busy' ? 'O portal está bem movimentado neste momento.' : 'Estamos com uma instabilidade momentânea.'} Já estamos tentando de
            novo por você, não precisa recarregar a página.
          </p>
          <p className="notice__text notice__text--muted">{seconds > 0 ? `Nova tentativa em ${seconds} s…` : 'Tentando de novo…'}</p>
        </div>
      </div>
    </div>
  );
}
