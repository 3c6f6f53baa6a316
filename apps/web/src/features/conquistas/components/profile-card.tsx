import type { Achievement } from '@legiao/contracts/conquista';
import { Link } from 'react-router';
import { useLoggedUser } from '../../../shared/session/get-logged-user';
import { profileSeal, type VisibleSeal } from '../lib/seals';
import { SealBadge } from './seal-badge';

/** The member's name and profile seal; without a profile, the way to choose one. */
export function ProfileCard({ achievement, onOpen }: { achievement: Achievement; onOpen: (seal: VisibleSeal) => void }) {
  const { data: user } = useLoggedUser();
  const seal = profileSeal(achievement.perfil);
  return (
    <section className="perfil-card" aria-label="Seu perfil">
      <div className="perfil-card__texto">
        <p className="perfil-card__rotulo">Legionário</p>
        <p className="perfil-card__nome">{user?.nome ?? ''}</p>
        {seal ? (
          <p className="perfil-card__perfil">Perfil {seal.nome}</p>
        ) : (
          <>
            <p className="perfil-card__perfil">Descubra seu perfil e ganhe o seu selo.</p>
            <Link className="button button--small" to="/personalizar-portal">
              Personalizar o portal
            </Link>
          </>
        )}
      </div>
      {seal ? (
        <div className="perfil-card__selo">
          <SealBadge seal={seal} onOpen={onOpen} />
        </div>
      ) : null}
    </section>
  );
}
