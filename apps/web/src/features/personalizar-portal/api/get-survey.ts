import { surveyStateSchema, type SurveyState } from '@legiao/contracts/pesquisa';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/api/http';

export const surveyQueryKey = ['pesquisa'] as const;

/** GET /pesquisa: the member's current personalisation question, or the finished state. */
export async function getSurvey(signal?: AbortSignal): Promise<SurveyState> {
  return surveyStateSchema.parse(await http('/pesquisa', { signal }));
}

export const surveyQueryOptions = () =>
  queryOptions({
    queryKey: surveyQueryKey,
    queryFn: ({ signal }) => getSurvey(signal),
    // A failed load shows the finished view (spec 001 section 8): no retry loop in front of it.
    retry: false,
  });

export function useSurvey() {
  return useQuery(surveyQueryOptions());
}
