import { STORAGE } from '@legiao/contracts/storage-keys';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { SiteFooter } from '../../../shared/layout/site-footer';
import { storeValue } from '../../../shared/session/session';
import { Loader } from '../../../shared/ui/loader';
import { useSocialCallback } from '../../social/components/use-social-callback';
import { BenefitsSection } from '../components/benefits-section';
import { CollectionSection } from '../components/collection-section';
import { FaqSection } from '../components/faq-section';
import { Hero } from '../components/hero';
import { LandingHeader } from '../components/landing-header';
import { LaunchCountdown } from '../components/launch-countdown';
import '../landing.css';

/** Keeps the referral value (?r=) and the chatbot-selected benefit (?beneficio=) for later. */
export function useLandingQuery() {
  const [params] = useSearchParams();
  const r = params.get('r');
  const benefit = params.get('beneficio');
  useEffect(() => {
    if (r) storeValue(STORAGE.hashIndicacao, r);
    if (benefit) storeValue(STORAGE.beneficioChatbot, benefit);
  }, [r, benefit]);
}

export function LandingPage() {
  useLandingQuery();
  // access_token / id_token / long_lived_token in the fragment finish a social login (spec 001 section 2.2).
  const { entering } = useSocialCallback();
  return (
    <div className="landing">
      {entering ? (
        <div className="social-entrando">
          <Loader label="Entrando..." />
        </div>
      ) : null}
      <LandingHeader />
      <main id="conteudo">
        <Hero />
        <LaunchCountdown />
        <CollectionSection />
        <BenefitsSection />
        <section className="landing-section join" aria-labelledby="junte-se-titulo">
          <h2 id="junte-se-titulo" className="section-title">
            Junte-se à Legião
          </h2>
          <p className="section-lead">Cadastro gratuito. Comece agora a acumular benefícios.</p>
          <Link className="button button--large" to="/cadastro">
            Junte-se a nós
          </Link>
        </section>
        <FaqSection />
      </main>
      <SiteFooter />
    </div>
  );
}
