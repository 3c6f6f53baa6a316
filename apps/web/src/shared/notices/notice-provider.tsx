import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { NOTICE_DURATION_MS, NoticeContext, type Notice, type NoticeInput } from './notice-context';
import './notices.css';

export function NoticeProvider({ children }: { children: ReactNode }) {
  const [notices, setNotices] = useState<Notice[]>([]);
  const nextId = useRef(1);
  const timers = useRef(new Map<number, number>());

  const dismiss = useCallback((id: number) => {
    const timer = timers.current.get(id);
    if (timer !== undefined) window.clearTimeout(timer);
    timers.current.delete(id);
    setNotices((list) => list.filter((n) => n.id !== id));
  }, []);

  const notify = useCallback(
    ({ message, kind = 'error', duration = NOTICE_DURATION_MS }: NoticeInput) => {
      const id = nextId.current++;
      // The same message twice in a row replaces the first instead of stacking.
      setNotices((list) => [...list.filter((n) => n.message !== message), { id, message, kind, duration }]);
      timers.current.set(id, window.setTimeout(() => dismiss(id), duration));
    },
    [dismiss],
  );

  useEffect(() => {
    const map = timers.current;
    return () => map.forEach((timer) => window.clearTimeout(timer));
  }, []);

  const api = useMemo(() => ({ notify, dismiss }), [notify, dismiss]);

  return (
    <NoticeContext.Provider value={api}>
      {children}
      <div className="notices" aria-live="polite" aria-relevant="additions">
        {notices.map((n) => (
          <div
            key={n.id}
            className={`notice notice--${n.kind}`}
            role={n.kind === 'error' ? 'alert' : 'status'}
          >
            <p className="notice__message">{n.message}</p>
            <button type="button" className="notice__close" aria-label="Fechar aviso" onClick={() => dismiss(n.id)}>
              ×
            </button>
          </div>
        ))}
      </div>
    </NoticeContext.Provider>
  );
}
