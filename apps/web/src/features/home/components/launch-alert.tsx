import type { MemberLaunch } from '@legiao/contracts/lancamentos';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ApiError } from '../../../shared/api/api-error';
import { Checkbox } from '../../../shared/ui/checkbox';
import { askLaunchAlert, cancelLaunchAlert, memberLaunchesQuery, type LaunchAlertState } from '../api/launches-query';

// "Avise-me" (issue 32 §1; docs/decisions/0049-launch-alert-waves.md): an eligible member asks to be
// told by e-mail when their early access opens. The alert is a marketing e-mail: a member who has
// not accepted e-mails is asked for it right here, and the one click sends both.

const NEEDS_CONSENT = 'Para receber o aviso por e-mail, marque que aceita receber e-mails da Legião.';

/** Only before the member's own opening, and only for an eligible member (nothing to announce otherwise). */
export const canAskAlert = (l: MemberLaunch) => l.elegivel && !l.emJanela;

export function LaunchAlertButton({ launch }: { launch: MemberLaunch }) {
  const client = useQueryClient();
  const consentId = useId();
  const state = launch.aviso;
  const [consent, setConsent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The answer is the new state: the list is updated in place (every launch shares the e-mail consent).
  const apply = (next: LaunchAlertState) =>
    client.setQueryData(memberLaunchesQuery().queryKey, (list) =>
      list?.map((l) => (l.slug === launch.slug ? { ...l, aviso: next } : { ...l, aviso: { ...l.aviso, emailConsentido: next.emailConsentido } })),
    );
  const change = useMutation({
    mutationFn: (ask: boolean) => (ask ? askLaunchAlert(launch.slug, !state.emailConsentido && consent) : cancelLaunchAlert(launch.slug)),
    onSuccess: (next) => {
      setError(null);
      apply(next);
    },
    onError: (err) => setError(err instanceof ApiError ? err.message : 'Não foi possível registrar agora. Tente de novo.'),
  });
  if (!canAskAlert(launch)) return null;

  if (state.pedido) {
    return (
      <div className="lancamento-home__aviso">
        <p role="status">Pronto! Vamos avisar por e-mail quando o seu acesso antecipado abrir.</p>
        <button type="button" className="button button--small button--ghost" disabled={change.isPending} onClick={() => change.mutate(false)} aria-label={`Cancelar o aviso de ${launch.nome}`}>
          Cancelar aviso
        </button>
        {error && <p className="field__error" role="alert">{error}</p>}
      </div>
    );
  }
  const ask = () => {
    if (!state.emailConsentido && !consent) {
      setError(NEEDS_CONSENT);
      return;
    }
    change.mutate(true);
  };
  return (
    <div className="lancamento-home__aviso">
      {!state.emailConsentido && (
        <Checkbox
          id={consentId}
          label="Aceito receber e-mails da Legião (avisos de lançamentos e novidades)."
          checked={consent}
          onChange={(e) => {
            setConsent(e.target.checked);
            if (e.target.checked) setError(null);
          }}
        />
      )}
      <button type="button" className="button button--small" disabled={change.isPending} onClick={ask} aria-label={`Avise-me por e-mail quando abrir: ${launch.nome}`}>
        Avise-me por e-mail
      </button>
      {error && <p className="field__error" role="alert">{error}</p>}
    </div>
  );
}
