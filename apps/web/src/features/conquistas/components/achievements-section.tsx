import { useDeferredValue, useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { firstName, useLoggedUser } from '../../../shared/session/get-logged-user';
import { Carousel } from '../../../shared/ui/carousel';
import { Loader } from '../../../shared/ui/loader';
import { useAchievement } from '../api/get-achievement';
import { earnedSeals, type VisibleSeal } from '../lib/seals';
import { InstagramModal } from './instagram-modal';
import { SealBadge } from './seal-badge';
import { SealModal } from './seal-modal';
import { useDelayedModal } from './use-delayed-modal';
import '../conquistas.css';

/**
 * The home's achievements (spec 000 section 2): the earned seals (2 per view on mobile, 5 from
 * 768px), 'Ver todos' and the Instagram story. The home decides who sees it.
 */
export function AchievementsSection() {
  const titleId = useId();
  const { data: user } = useLoggedUser();
  const lookup = useAchievement();
  // Built in a transition (sliced) rather than in the task the answer arrives in (ADR 0018).
  const achievement = { data: useDeferredValue(lookup.data), status: useDeferredValue(lookup.status) };
  const modal = useDelayedModal<VisibleSeal>();
  const [sharing, setSharing] = useState(false);
  const seals = useMemo(() => (achievement.data ? earnedSeals(achievement.data) : []), [achievement.data]);

  return (
    <section className="conquistas-home" aria-labelledby={titleId}>
      <div className="conquistas-home__topo">
        <h2 id={titleId} className="conquistas-home__titulo">
          Minhas conquistas
        </h2>
        <Link className="conquistas-home__todos" to="/minhas-conquistas">
          Ver todos
        </Link>
      </div>
      {achievement.status === 'pending' ? <Loader label="Carregando suas conquistas..." /> : null}
      {achievement.status === 'error' ? <p className="page__text">Não foi possível carregar suas conquistas agora.</p> : null}
      {achievement.status === 'success' && seals.length === 0 ? (
        <p className="page__text">Seus selos aparecem aqui conforme você participa da Legião.</p>
      ) : null}
      {seals.length ? (
        <>
          <Carousel label="Meus selos" byView={{ base: 2, since768: 5 }}>
            {seals.map((seal) => (
              <SealBadge key={seal.id} seal={seal} onOpen={modal.open} />
            ))}
          </Carousel>
          <div className="conquistas-home__acoes">
            <button type="button" className="button button--ghost" onClick={() => setSharing(true)}>
              Compartilhar no Instagram
            </button>
          </div>
        </>
      ) : null}
      {modal.isOpen ? <SealModal seal={modal.isOpen} onClose={modal.close} /> : null}
      {sharing ? (
        <InstagramModal nome={firstName(user?.nome) || 'Legionário'} selos={seals} onClose={() => setSharing(false)} />
      ) : null}
    </section>
  );
}
