import { useCopiar } from '../../../shared/lib/clipboard';
import { useNotices } from '../../../shared/notices/notice-context';

/** 'Copiar código': the clipboard (or the old fallback), with a spoken confirmation. */
export function CopiarBotao({ texto }: { texto: string }) {
  const { notify } = useNotices();
  const { copiado, copiar } = useCopiar();

  async function onClick() {
    if (!(await copiar(texto))) notify({ message: 'Não foi possível copiar. Selecione o código e copie manualmente.', kind: 'error' });
  }

  return (
    <span className="copiar">
      <button type="button" className="button button--small button--ghost" onClick={() => void onClick()} aria-label={`Copiar código ${texto}`}>
        {copiado ? 'Copiado!' : 'Copiar código'}
      </button>
      <span className="visually-hidden" role="status">
        {copiado ? 'Código copiado!' : ''}
      </span>
    </span>
  );
}
