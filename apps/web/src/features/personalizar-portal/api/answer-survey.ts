import { surveyStateSchema, type SurveyState, type SurveyAnswerInput } from '@legiao/contracts/pesquisa';
import { http } from '../../../shared/api/http';

/** POST /pesquisa: answers the current question; the server answers the next one or the end. */
export async function answerSurvey(body: SurveyAnswerInput): Promise<SurveyState> {
  return surveyStateSchema.parse(await http('/pesquisa', { method: 'POST', body }));
}
