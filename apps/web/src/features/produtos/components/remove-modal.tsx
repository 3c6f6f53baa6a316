import { Modal } from '../../../shared/ui/modal';

interface RemoveModalProps {
  titulo: string;
  texto: string;
  removing: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before a removal: it can't be undone. */
export function RemoveModal({ titulo: title, texto: text, removing, onConfirm, onClose }: RemoveModalProps) {
  return (
    <Modal titulo={title} onClose={onClose}>
      <p className="modal__texto">{text}</p>
      <div className="modal__acoes">
        <button type="button" className="button button--perigo-cheio" onClick={onConfirm} disabled={removing}>
          Remover
        </button>
        <button type="button" className="button button--ghost" onClick={onClose} data-autofocus>
          Cancelar
        </button>
      </div>
    </Modal>
  );
}
