import type { ReactNode } from 'react';

// The back office's empty, loading and error states: every list and page uses these, so a slow
// call, an empty filter result and a failure look and read the same everywhere.

export function LoadingState({ label = 'Carregando...' }: { label?: string }) {
  return (
    <div className="admin-estado" role="status" aria-live="polite">
      <span className="loader__spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}

export function EmptyState({ title = 'Nada por aqui', message, action }: { title?: string; message?: string; action?: ReactNode }) {
  return (
    <div className="admin-estado admin-estado--vazio">
      <strong>{title}</strong>
      {message && <p>{message}</p>}
      {action}
    </div>
  );
}

export function ErrorState({ title = 'Não foi possível carregar', message, onRetry }: { title?: string; message?: string; onRetry?: () => void }) {
  return (
    <div className="admin-estado admin-estado--erro" role="alert">
      <strong>{title}</strong>
      {message && <p>{message}</p>}
      {onRetry && (
        <button type="button" className="admin-btn" onClick={onRetry}>
          Tentar de novo
        </button>
      )}
    </div>
  );
}

/** A page the staff member's roles don't open (the menu hides it; a typed URL lands here). */
export function NoPermissionState() {
  return <ErrorState title="Sem permissão" message="Seus papéis não dão acesso a esta área. Peça a um administrador, se precisar." />;
}
