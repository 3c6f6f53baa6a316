import { useCopy } from '../../../shared/lib/clipboard';
import { useNotices } from '../../../shared/notices/notice-context';
import '../friends-and-family.css';

const CopyIcon = () => (
  <svg width={20} height={20} viewBox="0 0 24 24" fill="none" aria-hidden="true" focusable="false">
    <rect x="8" y="8" width="12" height="12" rx="2" stroke="currentColor" strokeWidth="2" />
    <path d="M16 8V6a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h2" stroke="currentColor" strokeWidth="2" />
  </svg>
);

/**
 * A coupon code with a copy icon (Friends & Family modal, the /expert-xp success view). The icon
 * button is named 'Copiar cupom'; success is announced as 'Cupom copiado!'.
 */
export function CopyableCoupon({ cupom: coupon }: { cupom: string }) {
  const { notify } = useNotices();
  const { copied: copied, copy: copy } = useCopy();

  async function onCopy() {
    if (await copy(coupon)) notify({ message: 'Cupom copiado!', kind: 'success' });
    else notify({ message: 'Não foi possível copiar. Selecione o código e copie manualmente.', kind: 'info' });
  }

  return (
    <div className="cupom-copiavel">
      <code className="cupom-copiavel__codigo" data-testid="cupom">
        {coupon}
      </code>
      <button
        type="button"
        className={copied ? 'cupom-copiavel__botao cupom-copiavel__botao--ok' : 'cupom-copiavel__botao'}
        aria-label="Copiar cupom"
        title={copied ? 'Copiado' : 'Copiar cupom'}
        onClick={() => void onCopy()}
      >
        <CopyIcon />
      </button>
    </div>
  );
}
