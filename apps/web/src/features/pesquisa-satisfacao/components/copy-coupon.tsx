import { useState } from 'react';
import { useNotices } from '../../../shared/notices/notice-context';

/** The coupon code with a copy button; the clipboard may be refused (http, old browsers). */
export function CopyCoupon({ cupom: coupon }: { cupom: string }) {
  const { notify } = useNotices();
  const [copied, setCopied] = useState(false);

  async function copy() {
    try {
      await navigator.clipboard.writeText(coupon);
      setCopied(true);
      notify({ message: 'Cupom copiado!', kind: 'success' });
    } catch {
      notify({ message: 'Não foi possível copiar. Selecione o código e copie manualmente.', kind: 'info' });
    }
  }

  return (
    <div className="satisfacao-cupom">
      <span className="satisfacao-cupom__rotulo">Seu cupom</span>
      <div className="satisfacao-cupom__linha">
        <code className="satisfacao-cupom__codigo" data-testid="cupom">
          {coupon}
        </code>
        <button type="button" className="button button--small" onClick={() => void copy()}>
          {copied ? 'Copiado' : 'Copiar cupom'}
        </button>
      </div>
    </div>
  );
}
