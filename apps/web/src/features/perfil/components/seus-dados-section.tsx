import { CANAL_LABEL, ORIGEM_LABEL } from '@legiao/contracts/consentimento';
import { useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error';
import { useNotices } from '../../../shared/notices/notice-context';
import type { LoggedUser } from '../../../shared/session/get-logged-user';
import { useConsentimentos } from '../api/consentimentos';
import { useBaixarMeusDados } from '../api/meus-dados';
import { ExcluirContaDialog } from './excluir-conta-dialog';

const quando = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short', timeZone: 'America/Sao_Paulo' });

/** The member's data rights (LGPD): download everything, see the consent history, delete the account. */
export function SeusDadosSection({ user }: { user: LoggedUser }) {
  const { notify } = useNotices();
  const baixar = useBaixarMeusDados();
  const [excluindo, setExcluindo] = useState(false);
  const [historicoAberto, setHistoricoAberto] = useState(false);
  const historico = useConsentimentos(historicoAberto);

  return (
    <section className="seus-dados" aria-labelledby="seus-dados-titulo">
      <h2 id="seus-dados-titulo" className="seus-dados__titulo">
        Seus dados
      </h2>
      <p className="seus-dados__texto">Baixe uma cópia de tudo o que a Legião guarda sobre você, em um arquivo JSON.</p>
      <button
        type="button"
        className="button button--ghost"
        disabled={baixar.isPending}
        onClick={() => baixar.mutate(undefined, { onError: (error) => notify({ message: errorMessage(error) }) })}
      >
        {baixar.isPending ? 'Preparando...' : 'Baixar meus dados'}
      </button>

      <details className="seus-dados__historico" onToggle={(e) => setHistoricoAberto(e.currentTarget.open)}>
        <summary>Histórico de consentimentos</summary>
        {historico.isPending && historicoAberto ? <p className="seus-dados__texto">Carregando...</p> : null}
        {historico.isError ? <p className="seus-dados__texto">Não foi possível carregar o histórico.</p> : null}
        {historico.data && historico.data.length === 0 ? <p className="seus-dados__texto">Nenhuma autorização registrada.</p> : null}
        {historico.data && historico.data.length > 0 ? (
          <ul className="seus-dados__lista">
            {historico.data.map((c, i) => (
              <li key={`${c.data}-${c.canal}-${i}`}>
                <strong>{CANAL_LABEL[c.canal]}</strong>: {c.concedido ? 'autorizado' : 'autorização retirada'} em {quando.format(new Date(c.data))}
                {' · '}
                {ORIGEM_LABEL[c.origem] ?? c.origem}
              </li>
            ))}
          </ul>
        ) : null}
      </details>

      <button type="button" className="button button--perigo-ghost" onClick={() => setExcluindo(true)}>
        Excluir minha conta
      </button>
      {excluindo ? <ExcluirContaDialog social={user.social} onClose={() => setExcluindo(false)} /> : null}
    </section>
  );
}
