import type { CupomFriendsFamily } from '@legiao/contracts/friends-family';
import { mailtoUrl, whatsappUrl } from '../../../shared/lib/clipboard';
import { Modal } from '../../../shared/ui/modal';
import { ASSUNTO_FF, mensagemCupomFF } from '../lib/mensagem-ff';
import { CupomCopiavel } from './cupom-copiavel';

/** USAR CUPOM: the code with its copy icon, the validity text and sharing by e-mail and WhatsApp. */
export function UsarCupomModal({ cupom, onClose }: { cupom: CupomFriendsFamily; onClose: () => void }) {
  const mensagem = mensagemCupomFF(cupom);
  return (
    <Modal titulo={`Cupom de ${cupom.percentual}% OFF`} onClose={onClose}>
      <CupomCopiavel cupom={cupom.cupom} />
      <p className="modal__texto">{cupom.validade}</p>
      <div className="modal__acoes">
        <a className="button button--small button--ghost" href={mailtoUrl(ASSUNTO_FF, mensagem)}>
          Compartilhar por e-mail
        </a>
        <a className="button button--small button--ghost" href={whatsappUrl(mensagem)} target="_blank" rel="noopener noreferrer">
          Compartilhar pelo WhatsApp
        </a>
      </div>
    </Modal>
  );
}
