import { STORAGE } from '@legiao/contracts/storage-keys';
import { startTransition, useDeferredValue, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { ApiError } from '../../../shared/api/api-error';
import { SiteFooter } from '../../../shared/layout/site-footer';
import { useLoggedUser } from '../../../shared/session/get-logged-user';
import { useLogout } from '../../../shared/session/logout';
import { readValue } from '../../../shared/session/session';
import { Loader } from '../../../shared/ui/loader';
import { ConquistasSection } from '../../conquistas/components/conquistas-section';
import { MinhaColecaoSection } from '../../produtos/components/minha-colecao-section';
import { HomeBanner } from '../components/home-banner';
import { PesquisaPopup } from '../components/pesquisa-popup';
import { SecaoAdiada } from '../components/secao-adiada';
import { lazySecao } from '../lib/lazy-secao';
import { papelDe, perfilPronto } from '../lib/perfil';
import { useFirstScreenReady } from '../lib/use-first-screen';
import { usePrimeiraTelaPronta } from '../lib/use-primeira-tela-pronta';
import '../home.css';

// Below the first screen each section is its own chunk, loaded when it comes near the viewport.
const BannersDestaque = lazySecao(() => import('../components/banners-site').then((m) => m.BannersDestaque));
const BannersLancamento = lazySecao(() => import('../components/banners-site').then((m) => m.BannersLancamento));
const BeneficiosSection = lazySecao(() => import('../../beneficios/components/beneficios-section').then((m) => m.BeneficiosSection));
const ConviteIndicacaoSection = lazySecao(() =>
  import('../../indicacoes/components/convite-indicacao-section').then((m) => m.ConviteIndicacaoSection),
);
const RecomendacoesSection = lazySecao(() => import('../components/recomendacoes-section').then((m) => m.RecomendacoesSection));
const FaqHomeSection = lazySecao(() => import('../components/faq-home-section').then((m) => m.FaqHomeSection));

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
  const { data: usuario, error, isPending } = useLoggedUser();
  // The first screen is built once, when its calls have answered (not once per answer), and in a
  // transition: React builds it in slices that yield to the browser, one commit, one layout
  // (docs/decisions/0018-home-on-a-phone.md, 0022-home-first-screen.md).
  const ready = useFirstScreenReady(usuario);
  const user = useDeferredValue(ready ? usuario : undefined);
  const { mutate: logoutNow } = useLogout();
  const { hash } = useLocation();
  const observar = usePrimeiraTelaPronta();
  // Read once on arrival: the benefits section consumes the key when it mounts.
  const [beneficioDoChatbot] = useState(() => readValue(STORAGE.beneficioChatbot) !== null);
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

  const papel = papelDe(user);

  return (
    <>
      <main id="conteudo" className="page home">
        <HomeBanner user={user} />
        {papel !== 'lead' && perfilPronto(user) ? <ConquistasSection /> : null}
        {secondPass ? <MinhaColecaoSection /> : <div className="secao-adiada colecao-home--reservada" aria-hidden="true" />}
        <SecaoAdiada altura="32rem" observar={observar}>
          <BannersDestaque />
        </SecaoAdiada>
        <SecaoAdiada altura="50rem" observar={observar} agora={beneficioDoChatbot}>
          <BeneficiosSection />
        </SecaoAdiada>
        {papel !== 'colaborador' ? (
          <SecaoAdiada altura="40rem" observar={observar}>
            <ConviteIndicacaoSection />
          </SecaoAdiada>
        ) : null}
        <SecaoAdiada altura="29rem" observar={observar}>
          <BannersLancamento />
        </SecaoAdiada>
        <SecaoAdiada altura="58rem" observar={observar}>
          <RecomendacoesSection hash={user.hashUsuario} />
        </SecaoAdiada>
        <SecaoAdiada altura="29rem" observar={observar} agora={hash === '#faq'} ancora="faq">
          <FaqHomeSection />
        </SecaoAdiada>
      </main>
      <SiteFooter variante="membro" />
      {secondPass && user.hashPesquisaSatisfacao ? <PesquisaPopup hash={user.hashPesquisaSatisfacao} /> : null}
    </>
  );
}
