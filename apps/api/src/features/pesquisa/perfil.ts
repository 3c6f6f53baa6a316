import { SURVEY_PROFILES, type SurveyProfile } from '@legiao/contracts/pesquisa';

// The personalisation result: the perfil most answers point to. A tie goes to the tied perfil that
// was chosen first (the earliest question): the opening questions ask about the member's routine,
// the later ones about details. Answers without a perfil don't vote; no vote at all gives 'geral'.
// docs/decisions/0014-pesquisas.md

const isProfile = (p: string | null): p is SurveyProfile => p !== null && (SURVEY_PROFILES as readonly string[]).includes(p);

/** `perfis`: the perfil of each chosen option, in question order. */
export function majorityProfile(profiles: ReadonlyArray<string | null>): SurveyProfile | 'geral' {
  const votes = profiles.filter(isProfile);
  if (votes.length === 0) return 'geral';
  const count = new Map<SurveyProfile, number>();
  for (const p of votes) count.set(p, (count.get(p) ?? 0) + 1);
  const max = Math.max(...count.values());
  // votos keeps question order, so the first perfil reaching the max is the earliest chosen.
  return votes.find((p) => count.get(p) === max)!;
}
