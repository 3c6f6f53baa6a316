import { CHANNEL_LABEL, originLabel } from '@legiao/contracts/consentimento';
import { useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error';
import { useNotices } from '../../../shared/notices/notice-context';
import type { LoggedUser } from '../../../shared/session/get-logged-user';
import { useConsents } from '../api/consents';
import { useDownloadMyData } from '../api/my-data';
import { DeleteAccountDialog } from './delete-account-dialog';

const when = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short', timeZone: 'America/Sao_Paulo' });

/** The member's data rights (LGPD): download everything, see the consent history, delete the account. */
export function YourDataSection({ user }: { user: LoggedUser }) {
  const { notify } = useNotices();
  const download = useDownloadMyData();
  const [deleting, setDeleting] = useState(false);
  const [historyOpen, setHistoryOpen] = useState(false);
  const history = useConsents(historyOpen);

  return (
    <section className="seus-dados" aria-labelledby="seus-dados-titulo">
      <h2 id="seus-dados-titulo" className="seus-dados__titulo">
        Seus dados
      </h2>
      <p className="seus-dados__texto">Baixe uma cópia de tudo o que a Legião guarda sobre você, em um arquivo JSON.</p>
      <button
        type="button"
        className="button button--ghost"
        disabled={download.isPending}
        onClick={() => download.mutate(undefined, { onError: (error) => notify({ message: errorMessage(error) }) })}
      >
        {download.isPending ? 'Preparando...' : 'Baixar meus dados'}
      </button>

      <details className="seus-dados__historico" onToggle={(e) => setHistoryOpen(e.currentTarget.open)}>
        <summary>Histórico de consentimentos</summary>
        {history.isPending && historyOpen ? <p className="seus-dados__texto">Carregando...</p> : null}
        {history.isError ? <p className="seus-dados__texto">Não foi possível carregar o histórico.</p> : null}
        {history.data && history.data.length === 0 ? <p className="seus-dados__texto">Nenhuma autorização registrada.</p> : null}
        {history.data && history.data.length > 0 ? (
          <ul className="seus-dados__lista">
            {history.data.map((c, i) => (
              <li key={`${c.data}-${c.canal}-${i}`}>
                <strong>{CHANNEL_LABEL[c.canal]}</strong>: {c.concedido ? 'autorizado' : 'autorização retirada'} em {when.format(new Date(c.data))}
                {' · '}
                {originLabel(c.origem, c.integracao)}
              </li>
            ))}
          </ul>
        ) : null}
      </details>

      <button type="button" className="button button--perigo-ghost" onClick={() => setDeleting(true)}>
        Excluir minha conta
      </button>
      {deleting ? <DeleteAccountDialog social={user.social} onClose={() => setDeleting(false)} /> : null}
    </section>
  );
}
