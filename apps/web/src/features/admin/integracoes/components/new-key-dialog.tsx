import { Modal } from '../../../../shared/ui/modal';
import { useCopy } from '../../../../shared/lib/clipboard';
import { notifyError } from '../../ui/index';
import { formatDateTime } from '../lib/format';

interface NewKeyDialogProps {
  /** The whole key, as the create or rotate call answered it: the only time it exists outside the store's servers. */
  apiKey: string;
  /** After a rotation: until when the keys in use keep working. */
  previousKeysUntil?: string | null;
  onClose: () => void;
}

/**
 * The key, shown once. It lives only in this dialog's props (never in the URL, the history state or
 * a stored query): closing the dialog, or reloading the page, and it is gone.
 */
export function NewKeyDialog({ apiKey, previousKeysUntil, onClose }: NewKeyDialogProps) {
  const { copied, copy } = useCopy();
  async function onCopy() {
    if (!(await copy(apiKey))) notifyError(new Error('Não foi possível copiar. Selecione a chave e copie manualmente.'));
  }
  return (
    <Modal titulo="Chave da integração" onClose={onClose}>
      <div className="integracoes-chave">
        <p className="integracoes-aviso" role="note">
          <strong>Copie esta chave agora: ela não será mostrada de novo.</strong> Guarde-a como um segredo no servidor da loja (nunca no site nem no
          aplicativo). Se ela se perder, gere outra com Rotacionar chave.
        </p>
        <label htmlFor="integracoes-chave-nova">Chave</label>
        <input id="integracoes-chave-nova" className="integracoes-chave__valor" readOnly value={apiKey} onFocus={(e) => e.currentTarget.select()} spellCheck={false} />
        <div className="integracoes-chave__acoes">
          <button type="button" className="admin-btn admin-btn--primario" onClick={() => void onCopy()} data-autofocus>
            {copied ? 'Chave copiada!' : 'Copiar chave'}
          </button>
          <span className="visually-hidden" role="status">
            {copied ? 'Chave copiada.' : ''}
          </span>
        </div>
        {previousKeysUntil && <p>As chaves anteriores continuam funcionando até {formatDateTime(previousKeysUntil)}: troque a chave nos servidores da loja antes disso.</p>}
        <p className="admin-campo__dica">Use no cabeçalho de cada chamada: Authorization: Bearer {apiKey.slice(0, 21)}…</p>
        <div className="admin-confirmar__acoes">
          <button type="button" className="admin-btn" onClick={onClose}>
            Já guardei a chave
          </button>
        </div>
      </div>
    </Modal>
  );
}
