import { Modal } from '../../../../shared/ui/modal';
import { useCopy } from '../../../../shared/lib/clipboard';
import { notifyError } from '../../ui/index';
import { previousSecretText } from '../lib/format';

interface SecretDialogProps {
  /** The whole secret (whsec_...), as the create or rotate call answered it: the only time it is shown. */
  secret: string;
  /** After a rotation: until when the previous secret still signs beside the new one. */
  previousUntil?: string | null;
  onClose: () => void;
}

/**
 * The signing secret, shown once. It lives only in this dialog's props (never in the URL, the
 * history state or a stored query): closing the dialog, or reloading the page, and it is gone.
 */
export function SecretDialog({ secret, previousUntil, onClose }: SecretDialogProps) {
  const { copied, copy } = useCopy();
  const previous = previousSecretText(previousUntil ?? null);
  async function onCopy() {
    if (!(await copy(secret))) notifyError(new Error('Não foi possível copiar. Selecione o segredo e copie manualmente.'));
  }
  return (
    <Modal titulo="Segredo do webhook" onClose={onClose}>
      <div className="integracoes-chave">
        <p className="integracoes-aviso" role="note">
          <strong>Copie este segredo agora: ele não será mostrado de novo.</strong> Guarde-o no servidor que recebe os eventos: com ele você confere a assinatura
          (cabeçalho webhook-signature) de cada entrega. Se ele se perder, gere outro com Rotacionar segredo.
        </p>
        <label htmlFor="webhooks-segredo-novo">Segredo</label>
        <input id="webhooks-segredo-novo" className="integracoes-chave__valor" readOnly value={secret} onFocus={(e) => e.currentTarget.select()} spellCheck={false} />
        <div className="integracoes-chave__acoes">
          <button type="button" className="admin-btn admin-btn--primario" onClick={() => void onCopy()} data-autofocus>
            {copied ? 'Segredo copiado!' : 'Copiar segredo'}
          </button>
          <span className="visually-hidden" role="status">
            {copied ? 'Segredo copiado.' : ''}
          </span>
        </div>
        {previous && <p>{previous} Troque o segredo no seu servidor antes disso.</p>}
        <p className="admin-campo__dica">
          Cada entrega leva os cabeçalhos webhook-id, webhook-timestamp e webhook-signature (Standard Webhooks): a assinatura é v1, seguido do HMAC-SHA256 em base64 de
          &quot;webhook-id.webhook-timestamp.corpo&quot;, com a parte do segredo depois de whsec_ decodificada de base64.
        </p>
        <div className="admin-confirmar__acoes">
          <button type="button" className="admin-btn" onClick={onClose}>
            Já guardei o segredo
          </button>
        </div>
      </div>
    </Modal>
  );
}
