import { SURVEY_TITLE, type SurveyState } from '@legiao/contracts/pesquisa';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, errorMessage } from '../../../shared/api/api-error';
import { useNotices } from '../../../shared/notices/notice-context';
import { loggedUserQueryKey } from '../../../shared/session/get-logged-user';
import { BackLink } from '../../../shared/ui/back-link';
import { Loader } from '../../../shared/ui/loader';
import { statementKey } from '../../extrato/api/get-statement';
import { surveyQueryKey, useSurvey } from '../api/get-survey';
import { answerSurvey } from '../api/answer-survey';
import { SurveyQuestionField } from '../components/survey-question-field';
import { ClosedSurvey } from '../components/closed-survey';
import '../personalizar-portal.css';

/** /personalizar-portal (spec 001 section 2.16): one question at a time until the end view. */
export function PersonalisePortalPage() {
  const queryClient = useQueryClient();
  const { notify } = useNotices();
  const survey = useSurvey();

  const answer = useMutation({
    mutationFn: (answerId: number) => {
      const { idPesquisa: surveyId, pergunta: question } = survey.data!;
      return answerSurvey({ idPesquisa: surveyId!, idPesquisaPergunta: question!.idPesquisaPergunta, idRespostas: [answerId] });
    },
    onSuccess: (state: SurveyState) => {
      queryClient.setQueryData(surveyQueryKey, state);
      if (state.finalizada) {
        // The perfil is now defined and the balance has the Enriquecimento de Perfil credit.
        void queryClient.invalidateQueries({ queryKey: loggedUserQueryKey });
        void queryClient.invalidateQueries({ queryKey: statementKey });
      }
    },
    onError: (error) => {
      // 409: the question moved on elsewhere (another tab): show where the survey really is.
      if (error instanceof ApiError && error.status === 409) void queryClient.invalidateQueries({ queryKey: surveyQueryKey });
      else notify({ message: errorMessage(error), kind: 'error' });
    },
  });

  const state = survey.data;
  const closed = survey.isError || (state !== undefined && (state.finalizada || state.pergunta === null));

  return (
    <main id="conteudo" className="page page--narrow personalizar">
      <BackLink to="/home" />
      <h1 className="page__title">{SURVEY_TITLE}</h1>
      {survey.isPending ? <Loader label="Carregando a pesquisa..." /> : null}
      {closed ? <ClosedSurvey /> : null}
      {!closed && state?.pergunta ? (
        <>
          <p className="page__text">Responda e deixe o portal com a sua cara. Toque na resposta que mais combina com você.</p>
          <SurveyQuestionField
            pergunta={state.pergunta}
            sending={answer.isPending ? (answer.variables ?? null) : null}
            onAnswer={(id) => answer.mutate(id)}
          />
        </>
      ) : null}
    </main>
  );
}
