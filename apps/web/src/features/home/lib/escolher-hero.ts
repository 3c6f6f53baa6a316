import type { BannerHome } from '@legiao/contracts/banner';
import type { Perfil } from './perfil';

/**
 * The hero image of the home banner (spec 000 section 2: by perfil and lead status). A banner
 * meant for the other audience (lead true/false) never shows; among the rest, the member's own
 * perfil beats 'geral', and a banner for exactly their audience beats one for everybody.
 */
export function escolherHero(banners: readonly BannerHome[], membro: { perfil: Perfil; lead: boolean }): BannerHome | undefined {
  let melhor: BannerHome | undefined;
  let melhorNota = -1;
  for (const b of banners) {
    if (b.lead !== null && b.lead !== membro.lead) continue;
    if (b.perfil !== membro.perfil && b.perfil !== 'geral') continue;
    const nota = (b.perfil === membro.perfil && b.perfil !== 'geral' ? 2 : 0) + (b.lead === membro.lead ? 1 : 0);
    if (nota > melhorNota) {
      melhor = b;
      melhorNota = nota;
    }
  }
  return melhor;
}
