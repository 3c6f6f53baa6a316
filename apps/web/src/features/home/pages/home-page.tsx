import { useQuery } from '@tanstack/react-query';
import { startTransition, useEffect, useState } from 'react';
import { ApiError } from '../../../shared/api/api-error';
import { SiteFooter } from '../../../shared/layout/site-footer';
import { useLoggedUser } from '../../../shared/session/get-logged-user';
import { useLogout } from '../../../shared/session/logout';
import { Loader } from '../../../shared/ui/loader';
import { BeneficiosSection } from '../../beneficios/components/beneficios-section';
import { ConquistasSection } from '../../conquistas/components/conquistas-section';
import { ConviteIndicacaoSection } from '../../indicacoes/components/convite-indicacao-section';
import { MinhaColecaoSection } from '../../produtos/components/minha-colecao-section';
import { bannersSiteQuery } from '../api/home-queries';
import { BannerExclusivo } from '../components/banner-exclusivo';
import { BannerPreVenda } from '../components/banner-pre-venda';
import { EmBreveSection } from '../components/em-breve-section';
import { FaqHomeSection } from '../components/faq-home-section';
import { HomeBanner } from '../components/home-banner';
import { PesquisaPopup } from '../components/pesquisa-popup';
import { RecomendacoesSection } from '../components/recomendacoes-section';
import { papelDe, perfilPronto } from '../lib/perfil';
import '../home.css';

/**
 * The member home (spec 000 section 2), sections in order: banner, achievements, collection,
 * exclusive banner (+ pre-sale), benefits, referral invitation, coming soon, recommendations, FAQ,
 * footer. What each role sees is spec 000 section 6 (docs/decisions/0015-home.md).
 */
export function HomePage() {
  const { data: user, error, isPending } = useLoggedUser();
  const { mutate: logoutNow } = useLogout();
  const site = useQuery({ ...bannersSiteQuery(), enabled: !!user });
  // The sections below the first screen (after the collection) mount in a transition right after
  // the first paint: React renders them in slices that yield to the browser, instead of one long
  // task with the hero. The first screen's sections stay in the first render: mounting them later
  // would push content down under the member's eyes (layout shift)
  // (docs/decisions/0016-home-performance.md).
  const [resto, setResto] = useState(false);
  useEffect(() => {
    if (user) startTransition(() => setResto(true));
  }, [user]);

  useEffect(() => {
    if (!error) return;
    console.warn('Não foi possível carregar o usuário logado.', error);
    // A 401 is already handled by the HTTP client (session cleared, /login after 1 s).
    if (!(error instanceof ApiError && error.status === 401)) logoutNow();
  }, [error, logoutNow]);

  useEffect(() => {
    if (site.error) console.warn('Não foi possível carregar os banners.', site.error);
  }, [site.error]);

  if (isPending || error || !user) return <Loader />;

  const papel = papelDe(user);
  const banners = site.data ?? [];
  const daRegiao = (regiao: string) => banners.filter((b) => b.bannerRegiao === regiao);

  return (
    <>
      <main id="conteudo" className="page home">
        <HomeBanner user={user} />
        {papel !== 'lead' && perfilPronto(user) ? <ConquistasSection /> : null}
        <MinhaColecaoSection />
        {resto ? (
          <>
            {daRegiao('exclusivo').map((b) => (
              <BannerExclusivo key={b.id} banner={b} />
            ))}
            {daRegiao('pre-venda').map((b) => (
              <BannerPreVenda key={b.id} banner={b} />
            ))}
            <BeneficiosSection />
            {papel !== 'colaborador' ? <ConviteIndicacaoSection /> : null}
            {daRegiao('lancamento').map((b) => (
              <EmBreveSection key={b.id} banner={b} />
            ))}
            <RecomendacoesSection hash={user.hashUsuario} />
            <FaqHomeSection />
          </>
        ) : null}
      </main>
      <SiteFooter variante="membro" />
      {resto && user.hashPesquisaSatisfacao ? <PesquisaPopup hash={user.hashPesquisaSatisfacao} /> : null}
    </>
  );
}
