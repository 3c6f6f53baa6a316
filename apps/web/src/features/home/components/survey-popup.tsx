import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { satisfactionPhaseQuery } from '../api/home-queries';

/** Closing the pop-up holds for the browser tab, not forever: it comes back in a new visit. */
const DISMISSED = 'legiao:pesquisa-popup-dispensada';

/**
 * The satisfaction survey pop-up (spec 000 section 2): 'Começar agora' unless the survey phase
 * has ended for this member (GET /satisfacao?hash= answers faseEncerrada). A non-modal card at the
 * bottom of the screen: it invites without blocking the home or stealing focus. A failed check
 * shows nothing: inviting to a survey that may be closed would be worse than not inviting.
 */
export function SurveyPopup({ hash }: { hash: string }) {
  const closed = useQuery(satisfactionPhaseQuery(hash));
  const [dismissed, setDismissed] = useState(() => sessionStorage.getItem(DISMISSED) === hash);
  if (closed.data !== false || dismissed) return null;

  const close = () => {
    sessionStorage.setItem(DISMISSED, hash);
    setDismissed(true);
  };

  return (
    <aside className="pesquisa-popup" role="dialog" aria-labelledby="pesquisa-popup-titulo">
      <button type="button" className="pesquisa-popup__fechar" aria-label="Fechar convite da pesquisa" onClick={close}>
        ×
      </button>
      <h2 id="pesquisa-popup-titulo" className="pesquisa-popup__titulo">
        Sua opinião vale muito!
      </h2>
      <p className="pesquisa-popup__texto">Responda à pesquisa de satisfação em 5 etapas rápidas e ganhe um cupom no final.</p>
      <Link className="button" to={`/pesquisa-de-satisfacao?hash=${encodeURIComponent(hash)}`} onClick={close}>
        Começar agora
      </Link>
    </aside>
  );
}
