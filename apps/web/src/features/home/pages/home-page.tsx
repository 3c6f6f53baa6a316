import { STORAGE } from '@legiao/contracts/storage-keys';
import { startTransition, useDeferredValue, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { ApiError } from '../../../shared/api/api-error';
import { SiteFooter } from '../../../shared/layout/site-footer';
import { useLoggedUser } from '../../../shared/session/get-logged-user';
import { useLogout } from '../../../shared/session/logout';
import { readValue } from '../../../shared/session/session';
import { Loader } from '../../../shared/ui/loader';
import { AchievementsSection } from '../../conquistas/components/achievements-section';
import { BouncedEmailNotice } from '../../perfil/components/bounced-email-notice';
import { MyCollectionSection } from '../../produtos/components/my-collection-section';
import { HomeBanner } from '../components/home-banner';
import { SurveyPopup } from '../components/survey-popup';
import { PostponedSection } from '../components/postponed-section';
import { lazySection } from '../lib/lazy-section';
import { roleOf, profileReady } from '../lib/perfil';
import { useFirstScreenReady } from '../lib/use-first-screen';
import { useFirstCallsSettled } from '../lib/use-first-screen-ready';
import '../home.css';

// Below the first screen each section is its own chunk, loaded when it comes near the viewport.
const FeaturedBanners = lazySection(() => import('../components/banners-site').then((m) => m.FeaturedBanners));
const LaunchBanners = lazySection(() => import('../components/banners-site').then((m) => m.LaunchBanners));
const BenefitsSection = lazySection(() => import('../../beneficios/components/benefits-section').then((m) => m.BenefitsSection));
const ReferralInvitationSection = lazySection(() =>
  import('../../indicacoes/components/referral-invitation-section').then((m) => m.ReferralInvitationSection),
);
const RecommendationsSection = lazySection(() => import('../components/recommendations-section').then((m) => m.RecommendationsSection));
const FaqHomeSection = lazySection(() => import('../components/faq-home-section').then((m) => m.FaqHomeSection));

/**
 * The member home (spec 000 section 2), sections in order: banner, achievements, collection,
 * exclusive banner (+ pre-sale), benefits, referral invitation, coming soon, recommendations, FAQ,
 * footer. What each role sees is spec 000 section 6 (docs/decisions/0015-home.md).
 *
 * Banner, achievements and collection render with the member. The sections after them mount, code
 * and data included, only when they come near the viewport (docs/decisions/0018-home-on-a-phone.md):
 * a phone that never scrolls there never pays for them. Two arrivals need one at once: #faq (the
 * footer's link, or a link from elsewhere) and a benefit chosen by the chatbot, which the benefits
 * section opens on arrival.
 */
export function HomePage() {
  const { data: loggedUser, error, isPending } = useLoggedUser();
  // The first screen is built once, when its calls have answered (not once per answer), and in a
  // transition: React builds it in slices that yield to the browser, one commit, one layout
  // (docs/decisions/0018-home-on-a-phone.md, 0022-home-first-screen.md).
  const ready = useFirstScreenReady(loggedUser);
  const user = useDeferredValue(ready ? loggedUser : undefined);
  const { mutate: logoutNow } = useLogout();
  const { hash } = useLocation();
  const observe = useFirstCallsSettled();
  // Read once on arrival: the benefits section consumes the key when it mounts.
  const [chatbotBenefit] = useState(() => readValue(STORAGE.beneficioChatbot) !== null);
  // A second pass, in a transition right after the first screen's commit: the collection (below the
  // fold on a phone) and the survey invitation floating over the screen. Two smaller commits and
  // layouts instead of one long task (docs/decisions/0022-home-first-screen.md).
  const [secondPass, setSecondPass] = useState(false);
  useEffect(() => {
    if (user) startTransition(() => setSecondPass(true));
  }, [user]);

  useEffect(() => {
    if (!error) return;
    console.warn('Não foi possível carregar o usuário logado.', error);
    // A 401 is already handled by the HTTP client (session cleared, /login after 1 s).
    if (!(error instanceof ApiError && error.status === 401)) logoutNow();
  }, [error, logoutNow]);

  if (isPending || error || !user) return <Loader />;

  const role = roleOf(user);

  return (
    <>
      <main id="conteudo" className="page home">
        <HomeBanner user={user} />
        {/* Right under the greeting, only while the address has a hard bounce on record (ADR 0049). */}
        {user.emailDevolvidoEm ? <BouncedEmailNotice user={user} /> : null}
        {role !== 'lead' && profileReady(user) ? <AchievementsSection /> : null}
        {secondPass ? <MyCollectionSection /> : <div className="secao-adiada colecao-home--reservada" aria-hidden="true" />}
        <PostponedSection altura="32rem" observe={observe}>
          <FeaturedBanners />
        </PostponedSection>
        <PostponedSection altura="50rem" observe={observe} now={chatbotBenefit}>
          <BenefitsSection />
        </PostponedSection>
        {role !== 'colaborador' ? (
          <PostponedSection altura="40rem" observe={observe}>
            <ReferralInvitationSection />
          </PostponedSection>
        ) : null}
        <PostponedSection altura="29rem" observe={observe}>
          <LaunchBanners />
        </PostponedSection>
        <PostponedSection altura="58rem" observe={observe}>
          <RecommendationsSection hash={user.hashUsuario} />
        </PostponedSection>
        <PostponedSection altura="29rem" observe={observe} now={hash === '#faq'} anchor="faq">
          <FaqHomeSection />
        </PostponedSection>
      </main>
      <SiteFooter variant="membro" />
      {secondPass && user.hashPesquisaSatisfacao ? <SurveyPopup hash={user.hashPesquisaSatisfacao} /> : null}
    </>
  );
}
