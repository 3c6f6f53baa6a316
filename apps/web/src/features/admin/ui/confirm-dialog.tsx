import { useState, type ReactNode } from 'react';
import { Modal } from '../../../shared/ui/modal';

interface ConfirmDialogProps {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** Destructive actions (archive, revoke, delete) show the confirm button in red. */
  danger?: boolean;
  onConfirm: () => Promise<unknown> | void;
  onClose: () => void;
}

/**
 * Asks before a destructive action. The confirm button is busy while the action runs; the dialog
 * closes when it succeeds (the caller's toast tells the result) and stays open if it fails.
 * Focus starts on Cancelar, so Enter never confirms by accident.
 */
export function ConfirmDialog({ title, children, confirmLabel, danger, onConfirm, onClose }: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  async function confirm() {
    setBusy(true);
    try {
      await onConfirm();
      onClose();
    } catch {
      // the caller showed the error (toast); keep the dialog for another try
    } finally {
      setBusy(false);
    }
  }
  return (
    <Modal titulo={title} onClose={onClose}>
      <div className="admin-confirmar">
        <div className="admin-confirmar__texto">{children}</div>
        <div className="admin-confirmar__acoes">
          <button type="button" className="admin-btn" onClick={onClose} data-autofocus>
            Cancelar
          </button>
          <button type="button" className={`admin-btn ${danger ? 'admin-btn--perigo' : 'admin-btn--primario'}`} onClick={() => void confirm()} disabled={busy} aria-busy={busy}>
            {busy ? 'Aguarde...' : confirmLabel}
          </button>
        </div>
      </div>
    </Modal>
  );
}
