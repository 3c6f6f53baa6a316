import { SEAL_GROUPS } from '@legiao/contracts/conquista-constants';
import { useId } from 'react';
import { errorMessage } from '../../../shared/api/api-error';
import { BackLink } from '../../../shared/ui/back-link';
import { Carousel } from '../../../shared/ui/carousel';
import { Loader } from '../../../shared/ui/loader';
import { useAchievement } from '../api/get-achievement';
import { FounderBanner } from '../components/founder-banner';
import { SealGroup } from '../components/seal-group';
import { ProfileCard } from '../components/profile-card';
import { SealBadge } from '../components/seal-badge';
import { SealModal } from '../components/seal-modal';
import { useDelayedModal } from '../components/use-delayed-modal';
import { experienceSeals, type VisibleSeal } from '../lib/seals';
import '../conquistas.css';

/** /minhas-conquistas (spec 001 section 2.22): every badge, earned or locked, with its details. */
export function MyAchievementsPage() {
  const achievement = useAchievement();
  const modal = useDelayedModal<VisibleSeal>();
  const experiencesId = useId();

  return (
    <main id="conteudo" className="page conquistas">
      <BackLink to="/home" />
      <h1 className="page__title">Minhas conquistas</h1>
      {achievement.isPending ? <Loader label="Carregando suas conquistas..." /> : null}
      {achievement.isError ? (
        <p className="page__text" role="alert">
          {errorMessage(achievement.error)}
        </p>
      ) : null}
      {achievement.data ? (
        <>
          <FounderBanner achievement={achievement.data} />
          <ProfileCard achievement={achievement.data} onOpen={modal.open} />
          <div className="conquistas__grupos">
            {SEAL_GROUPS.map((g) => (
              <SealGroup key={g.chave} chave={g.chave} titulo={g.titulo} achievement={achievement.data} onOpen={modal.open} />
            ))}
          </div>
          <section className="conquistas__experiencias" aria-labelledby={experiencesId}>
            <h2 id={experiencesId} className="grupo-selos__titulo">
              Experiências lendárias
            </h2>
            <Carousel label="Experiências lendárias" byView={{ base: 2, since768: 8 }} pages>
              {experienceSeals(achievement.data.experiencias).map((seal) => (
                <SealBadge key={seal.id} seal={seal} onOpen={modal.open} />
              ))}
            </Carousel>
          </section>
        </>
      ) : null}
      {modal.isOpen ? <SealModal seal={modal.isOpen} onClose={modal.close} /> : null}
    </main>
  );
}
