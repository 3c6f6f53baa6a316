import { STORAGE } from '@legiao/contracts/storage-keys';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { SiteFooter } from '../../../shared/layout/site-footer';
import { storeValue } from '../../../shared/session/session';
import { Loader } from '../../../shared/ui/loader';
import { useSocialCallback } from '../../social/components/use-social-callback';
import { BeneficiosSection } from '../components/beneficios-section';
import { ColecaoSection } from '../components/colecao-section';
import { FaqSection } from '../components/faq-section';
import { Hero } from '../components/hero';
import { LandingHeader } from '../components/landing-header';
import { LaunchCountdown } from '../components/launch-countdown';
import '../landing.css';

/** Keeps the referral value (?r=) and the chatbot-selected benefit (?beneficio=) for later. */
export function useLandingQuery() {
  const [params] = useSearchParams();
  const r = params.get('r');
  const beneficio = params.get('beneficio');
  useEffect(() => {
    if (r) storeValue(STORAGE.hashIndicacao, r);
    if (beneficio) storeValue(STORAGE.beneficioChatbot, beneficio);
  }, [r, beneficio]);
}

export function LandingPage() {
  useLandingQuery();
  // access_token / id_token / long_lived_token in the fragment finish a social login (spec 001 section 2.2).
  const { entrando } = useSocialCallback();
  return (
    <div className="landing">
      {entrando ? (
        <div className="social-entrando">
          <Loader label="Entrando..." />
        </div>
      ) : null}
      <LandingHeader />
      <main id="conteudo">
        <Hero />
        <LaunchCountdown />
        <ColecaoSection />
        <BeneficiosSection />
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
