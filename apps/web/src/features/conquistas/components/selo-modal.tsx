import { Modal } from '../../../shared/ui/modal';
import type { SeloVisivel } from '../lib/selos';
import { LockIcon } from './selo-badge';

/** A badge's details: its art, whether it is earned and how it is earned. */
export function SeloModal({ selo, onClose }: { selo: SeloVisivel; onClose: () => void }) {
  return (
    <Modal titulo={selo.nome} onClose={onClose}>
      <div className={selo.conquistado ? 'selo-detalhe' : 'selo-detalhe selo--bloqueado'}>
        <span className="selo__arte selo-detalhe__arte">
          <img src={selo.imagem} alt="" width={200} height={200} />
          {selo.conquistado ? null : <LockIcon />}
        </span>
        <p className={selo.conquistado ? 'selo-detalhe__estado selo-detalhe__estado--ok' : 'selo-detalhe__estado'}>
          {selo.conquistado ? 'Conquistado' : 'Ainda não conquistado'}
        </p>
        <p className="modal__texto">{selo.descricao}</p>
      </div>
      <div className="modal__acoes">
        <button type="button" className="button" data-autofocus onClick={onClose}>
          Entendi
        </button>
      </div>
    </Modal>
  );
}
