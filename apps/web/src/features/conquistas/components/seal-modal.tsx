import { Modal } from '../../../shared/ui/modal';
import type { VisibleSeal } from '../lib/seals';
import { LockIcon } from './seal-badge';

/** A badge's details: its art, whether it is earned and how it is earned. */
export function SealModal({ seal, onClose }: { seal: VisibleSeal; onClose: () => void }) {
  return (
    <Modal titulo={seal.nome} onClose={onClose}>
      <div className={seal.earned ? 'selo-detalhe' : 'selo-detalhe selo--bloqueado'}>
        <span className="selo__arte selo-detalhe__arte">
          <img src={seal.imagem} alt="" width={200} height={200} />
          {seal.earned ? null : <LockIcon />}
        </span>
        <p className={seal.earned ? 'selo-detalhe__estado selo-detalhe__estado--ok' : 'selo-detalhe__estado'}>
          {seal.earned ? 'Conquistado' : 'Ainda não conquistado'}
        </p>
        <p className="modal__texto">{seal.descricao}</p>
      </div>
      <div className="modal__acoes">
        <button type="button" className="button" data-autofocus onClick={onClose}>
          Entendi
        </button>
      </div>
    </Modal>
  );
}
