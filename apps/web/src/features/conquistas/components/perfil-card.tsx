import type { Conquista } from '@legiao/contracts/conquista';
import { Link } from 'react-router';
import { useLoggedUser } from '../../../shared/session/get-logged-user';
import { seloPerfil, type SeloVisivel } from '../lib/selos';
import { SeloBadge } from './selo-badge';

/** The member's name and profile seal; without a profile, the way to choose one. */
export function PerfilCard({ conquista, onAbrir }: { conquista: Conquista; onAbrir: (selo: SeloVisivel) => void }) {
  const { data: user } = useLoggedUser();
  const selo = seloPerfil(conquista.perfil);
  return (
    <section className="perfil-card" aria-label="Seu perfil">
      <div className="perfil-card__texto">
        <p className="perfil-card__rotulo">Legionário</p>
        <p className="perfil-card__nome">{user?.nome ?? ''}</p>
        {selo ? (
          <p className="perfil-card__perfil">Perfil {selo.nome}</p>
        ) : (
          <>
            <p className="perfil-card__perfil">Descubra seu perfil e ganhe o seu selo.</p>
            <Link className="button button--small" to="/personalizar-portal">
              Personalizar o portal
            </Link>
          </>
        )}
      </div>
      {selo ? (
        <div className="perfil-card__selo">
          <SeloBadge selo={selo} onAbrir={onAbrir} />
        </div>
      ) : null}
    </section>
  );
}
