import { useId, useState } from 'react';
import { Link } from 'react-router';
import { mailtoUrl, whatsappUrl } from '../../../shared/lib/clipboard';
import { useReferralCode, useReferralSummary, outsideReferralProgram } from '../api/get-referral';
import { REFERRAL_SUBJECT, FRIEND_COUPON, MAX_ECONOMY, SHORT_RESTRICTION, referralMessage } from '../lib/referral-message';
import { InstagramStoryModal } from './instagram-story-modal';
import { useReferralActions } from './use-referral-actions';
import '../indicacoes.css';

interface ReferralInvitationSectionProps {
  /** /indicacoes already is the list: there the 'Ver indicações' link is left out. */
  showViewReferrals?: boolean;
}

/**
 * 'Indique e ganhe' (spec 000 section 2, Referral invitation): the member's link with a copy button,
 * sharing by e-mail, WhatsApp and an Instagram story, and the confirmed count. Staff take no part in
 * referrals (the API answers 403), so for them the section renders nothing.
 */
export function ReferralInvitationSection({ showViewReferrals = true }: ReferralInvitationSectionProps) {
  const titleId = useId();
  const fieldId = useId();
  const code = useReferralCode();
  const summary = useReferralSummary();
  const actions = useReferralActions(code.data);
  const [storyOpen, setStoryOpen] = useState(false);

  if (outsideReferralProgram(code.error) || outsideReferralProgram(summary.error)) return null;
  const url = code.data?.url ?? '';
  const message = url ? referralMessage(url) : '';

  return (
    <section className="convite" aria-labelledby={titleId}>
      <h2 id={titleId} className="convite__titulo">
        Indique e ganhe
      </h2>
      <p className="convite__texto">
        Compartilhe seu link: seu amigo ganha um {FRIEND_COUPON} ({SHORT_RESTRICTION}) e
        você soma pontos para economizar {MAX_ECONOMY} em benefícios.
      </p>

      <div className="field">
        <label className="field__label" htmlFor={fieldId}>
          Seu link de indicação
        </label>
        <div className="field__inline">
          <input
            id={fieldId}
            className="field__input"
            readOnly
            value={code.isError ? 'Não foi possível carregar seu link.' : url || 'Carregando...'}
            onFocus={(e) => e.currentTarget.select()}
          />
          <button type="button" className="button" disabled={!actions.ready} onClick={() => void actions.copyLink()}>
            {actions.copied ? 'Link copiado!' : 'Copiar link'}
          </button>
        </div>
        <p className="visually-hidden" role="status">
          {actions.copied ? 'Link copiado!' : ''}
        </p>
      </div>

      <div className="convite__compartilhar" role="group" aria-label="Compartilhar">
        {url ? (
          <>
            <a className="button button--small button--ghost" href={mailtoUrl(REFERRAL_SUBJECT, message)}>
              Enviar por e-mail
            </a>
            <a className="button button--small button--ghost" href={whatsappUrl(message)} target="_blank" rel="noopener noreferrer">
              Enviar pelo WhatsApp
            </a>
          </>
        ) : null}
        <button type="button" className="button button--small button--ghost" disabled={!actions.ready} onClick={() => setStoryOpen(true)}>
          Compartilhar no Instagram
        </button>
      </div>

      <div className="convite__rodape">
        <p className="convite__contagem">
          Indicações confirmadas: <strong>{summary.data ? summary.data.confirmados : '–'}</strong>
        </p>
        {showViewReferrals ? (
          <Link className="convite__ver" to="/indicacoes">
            Ver indicações
          </Link>
        ) : null}
      </div>

      {storyOpen && code.data ? (
        <InstagramStoryModal codigo={code.data} actions={actions} onClose={() => setStoryOpen(false)} />
      ) : null}
    </section>
  );
}
