import { useCopy } from '../../../shared/lib/clipboard';
import { useNotices } from '../../../shared/notices/notice-context';

/** 'Copiar código': the clipboard (or the old fallback), with a spoken confirmation. */
export function CopyButton({ texto: text }: { texto: string }) {
  const { notify } = useNotices();
  const { copied: copied, copy: copy } = useCopy();

  async function onClick() {
    if (!(await copy(text))) notify({ message: 'Não foi possível copiar. Selecione o código e copie manualmente.', kind: 'error' });
  }

  return (
    <span className="copiar">
      <button type="button" className="button button--small button--ghost" onClick={() => void onClick()} aria-label={`Copiar código ${text}`}>
        {copied ? 'Copiado!' : 'Copiar código'}
      </button>
      <span className="visually-hidden" role="status">
        {copied ? 'Código copiado!' : ''}
      </span>
    </span>
  );
}
