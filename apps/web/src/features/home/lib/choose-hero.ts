import type { BannerHome } from '@legiao/contracts/banner';
import type { Profile } from './perfil';

/**
 * The hero image of the home banner (spec 000 section 2: by perfil and lead status). A banner
 * meant for the other audience (lead true/false) never shows; among the rest, the member's own
 * perfil beats 'geral', and a banner for exactly their audience beats one for everybody.
 */
export function chooseHero(banners: readonly BannerHome[], member: { perfil: Profile; lead: boolean }): BannerHome | undefined {
  let best: BannerHome | undefined;
  let bestScore = -1;
  for (const b of banners) {
    if (b.lead !== null && b.lead !== member.lead) continue;
    if (b.perfil !== member.perfil && b.perfil !== 'geral') continue;
    const score = (b.perfil === member.perfil && b.perfil !== 'geral' ? 2 : 0) + (b.lead === member.lead ? 1 : 0);
    if (score > bestScore) {
      best = b;
      bestScore = score;
    }
  }
  return best;
}
