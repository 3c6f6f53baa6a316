import { LOADER_SATISFACTION_MS } from '@legiao/contracts/satisfacao';
import { useIsMutating } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { scrollToTop } from '../../../shared/navigation/app-navigate';
import { AuthLayout } from '../../../shared/layout/auth-layout';
import { firstName } from '../../../shared/session/get-logged-user';
import { Loader } from '../../../shared/ui/loader';
import { satisfactionMutationKey, useSatisfaction } from '../api/get-satisfaction';
import { ProgressBar } from '../components/progress-bar';
import { StepForm } from '../components/step-form';
import { ClosedSurvey } from '../components/closed-survey';
import { FinalSurvey } from '../components/final-survey';
import { useVisibleUntil } from '../lib/use-visible-until';
import '../satisfacao.css';

/**
 * /pesquisa-de-satisfacao?hash= (spec 001 section 2.17): public, no login. The server owns the
 * state (which page, finished, coupon); this page shows it and reloads it after each call.
 */
export function SatisfactionSurveyPage() {
  const [params] = useSearchParams();
  const hash = params.get('hash')?.trim() ?? '';
  const query = useSatisfaction(hash);
  // The loader also covers the form's posts and restarts (matched by mutation key).
  const sending = useIsMutating({ mutationKey: satisfactionMutationKey }) > 0;
  const busy = hash !== '' && (query.isFetching || sending);
  const loader = useVisibleUntil(busy, LOADER_SATISFACTION_MS);
  const state = query.data;

  // A new page of questions starts at the top, with focus on its title (set by the form).
  const previousPage = useRef<number | null>(null);
  const page = state && !state.faseEncerrada ? state.pagina : null;
  const pageChanged = page !== null && previousPage.current !== null && previousPage.current !== page;
  useEffect(() => {
    if (page === null) return;
    if (previousPage.current !== null && previousPage.current !== page) scrollToTop();
    previousPage.current = page;
  }, [page]);

  let content;
  if (hash === '' || query.isError) {
    content = <ClosedSurvey />;
  } else if (!state) {
    content = <Loader label="Carregando a pesquisa..." />;
  } else if (state.faseEncerrada) {
    content = state.concluida ? (
      <>
        <ProgressBar pagina={state.pagina} concluida />
        <FinalSurvey primeiroNome={firstName(state.nome)} cupom={state.cupom} />
      </>
    ) : (
      <ClosedSurvey />
    );
  } else if (state.idPesquisa === null) {
    content = <ClosedSurvey />;
  } else {
    content = (
      <>
        <h1 className="auth-card__title satisfacao__titulo">Pesquisa de satisfação</h1>
        <StepForm
          key={state.pagina}
          hash={hash}
          estado={{ ...state, idPesquisa: state.idPesquisa }}
          focusTitle={pageChanged}
        />
      </>
    );
  }

  // The first load shows the loader alone; later loads cover the page so the answers stay put.
  const overlapping = loader && state !== undefined && hash !== '';
  return (
    <AuthLayout wide>
      <div className="satisfacao" aria-busy={overlapping || undefined}>
        {content}
        {overlapping ? (
          <div className="satisfacao__sobreposicao">
            <Loader label="Carregando..." />
          </div>
        ) : null}
      </div>
    </AuthLayout>
  );
}
