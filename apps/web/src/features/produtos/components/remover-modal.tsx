import { Modal } from '../../../shared/ui/modal';

interface RemoverModalProps {
  titulo: string;
  texto: string;
  removendo: boolean;
  onConfirmar: () => void;
  onClose: () => void;
}

/** Asks before a removal: it can't be undone. */
export function RemoverModal({ titulo, texto, removendo, onConfirmar, onClose }: RemoverModalProps) {
  return (
    <Modal titulo={titulo} onClose={onClose}>
      <p className="modal__texto">{texto}</p>
      <div className="modal__acoes">
        <button type="button" className="button button--perigo-cheio" onClick={onConfirmar} disabled={removendo}>
          Remover
        </button>
        <button type="button" className="button button--ghost" onClick={onClose} data-autofocus>
          Cancelar
        </button>
      </div>
    </Modal>
  );
}
