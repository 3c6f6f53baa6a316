import type { SignedInUser } from '@legiao/contracts/usuario';

export type Profile = SignedInUser['perfil'];
export type Role = 'lead' | 'colaborador' | 'membro';

/** The three home variants of spec 000 section 6. */
export const roleOf = (u: Pick<SignedInUser, 'lead' | 'colaborador'>): Role => (u.colaborador ? 'colaborador' : u.lead ? 'lead' : 'membro');

/** Benefits, the achievements section and the survey button need both (spec 000 sections 2 and 6). */
export const profileReady = (u: Pick<SignedInUser, 'perfilCompleto' | 'perfilDefinido'>) => u.perfilCompleto && u.perfilDefinido;

/**
 * The home banner's main button (spec 000 section 2): 'Responder pesquisa!' when the profile is
 * complete and defined, else 'Personalizar o portal'. That second button goes where the missing
 * piece is filled: the personalisation survey first, then the profile form
 * (docs/decisions/0015-home.md).
 */
export function mainButton(u: Pick<SignedInUser, 'perfilCompleto' | 'perfilDefinido' | 'hashPesquisaSatisfacao'>): { texto: string; para: string } {
  if (profileReady(u) && u.hashPesquisaSatisfacao) {
    return { texto: 'Responder pesquisa!', para: `/pesquisa-de-satisfacao?hash=${encodeURIComponent(u.hashPesquisaSatisfacao)}` };
  }
  return { texto: 'Personalizar o portal', para: u.perfilDefinido ? '/editar-perfil' : '/personalizar-portal' };
}
