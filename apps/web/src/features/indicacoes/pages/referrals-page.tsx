import { REFERRAL_MSG } from '@legiao/contracts/indicacao';
import { useId } from 'react';
import { Link } from 'react-router';
import { BackLink } from '../../../shared/ui/back-link';
import { Loader } from '../../../shared/ui/loader';
import { outsideReferralProgram, useReferralCode, useReferralSummary } from '../api/get-referral';
import { ReferralInvitationSection } from '../components/referral-invitation-section';
import { ReferralsTabs } from '../components/referrals-tabs';
import { StepsCarousel } from '../components/steps-carousel';
import { useReferralActions } from '../components/use-referral-actions';
import { WHY_SHARE } from '../lib/referral-message';
import '../indicacoes.css';

/** /indicacoes (spec 001 section 2.18): the invitation, the tabs, why share and the step by step. */
export function ReferralsPage() {
  const listId = useId();
  const whyId = useId();
  const stepsId = useId();
  const summary = useReferralSummary();
  const code = useReferralCode();
  const actions = useReferralActions(code.data);

  if (outsideReferralProgram(summary.error)) {
    return (
      <main id="conteudo" className="page page--narrow">
        <BackLink to="/home" />
        <h1 className="page__title">Indicações</h1>
        <p className="page__text">{REFERRAL_MSG.soMembros} Como colaborador, você tem os cupons Friends & Family.</p>
        <Link className="button" to="/home">
          Voltar para a home
        </Link>
      </main>
    );
  }

  return (
    <main id="conteudo" className="page indicacoes">
      <BackLink to="/home" />
      <h1 className="page__title">Indicações</h1>
      <ReferralInvitationSection showViewReferrals={false} />

      <section className="indicacoes__secao" aria-labelledby={listId}>
        <h2 id={listId} className="indicacoes__subtitulo">
          Minhas indicações
        </h2>
        {summary.data ? <ReferralsTabs summary={summary.data} /> : null}
        {summary.isPending ? <Loader label="Carregando suas indicações..." /> : null}
        {summary.isError && !summary.data ? <p className="page__text">Não foi possível carregar suas indicações agora.</p> : null}
      </section>

      <section className="indicacoes__secao" aria-labelledby={whyId}>
        <h2 id={whyId} className="indicacoes__subtitulo">
          Por que compartilhar?
        </h2>
        <ul className="indicacoes__motivos">
          {WHY_SHARE.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      </section>

      <section className="indicacoes__secao" aria-labelledby={stepsId}>
        <h2 id={stepsId} className="indicacoes__subtitulo">
          Passo a passo
        </h2>
        <StepsCarousel actions={actions} />
      </section>
    </main>
  );
}
