import type { SignedInUser } from '@legiao/contracts/usuario';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { firstName } from '../../../shared/session/get-logged-user';
import { bannersHomeQuery, referralSummaryQuery } from '../api/home-queries';
import { chooseHero } from '../lib/choose-hero';
import { mainButton, roleOf } from '../lib/perfil';

const points = (n: number) => `${n} ${n === 1 ? 'ponto' : 'pontos'}`;

/**
 * Section 1 of the home (spec 000 section 2): greeting, the lead offer or the balance and
 * confirmed referrals (nothing of those for staff, spec 000 section 6), the main button by profile
 * state, and the hero image chosen by perfil and lead.
 */
export function HomeBanner({ user }: { user: SignedInUser }) {
  const role = roleOf(user);
  const banners = useQuery(bannersHomeQuery());
  const referral = useQuery({ ...referralSummaryQuery(), enabled: role === 'membro' });
  const hero = banners.data ? chooseHero(banners.data, { perfil: user.perfil, lead: user.lead }) : undefined;
  const button = mainButton(user);

  return (
    <section className="home-hero" aria-labelledby="saudacao" data-perfil={user.perfil} data-papel={role}>
      {/* The LCP element: high priority, and preloaded by the first-screen prefetch
          (app/prefetch/initial-prefetch.ts). width/height: the artwork's sizes (phone 750x900,
          desktop 1600x600); the box itself is set by the CSS, so the image never moves the page. */}
      {hero ? (
        <picture className="home-hero__imagem">
          <source media="(min-width: 768px)" srcSet={hero.urlImagemDesktop} width={1600} height={600} />
          <img src={hero.urlImagemMobile} alt={hero.textoAlternativo} width={750} height={900} fetchPriority="high" />
        </picture>
      ) : null}
      <div className="home-hero__conteudo">
        <h1 id="saudacao" className="home-hero__titulo">
          Olá, {firstName(user.nome)}!
        </h1>
        {role === 'lead' ? (
          <div className="home-hero__oferta">
            <p className="home-hero__texto">Comece sua coleção agora mesmo, com 15 off*</p>
            <Link className="button button--destaque" to="/beneficios">
              Resgatar
            </Link>
            <p className="home-hero__nota">*15% de desconto na primeira compra no site oficial.</p>
          </div>
        ) : null}
        {role === 'membro' ? (
          <dl className="home-hero__numeros">
            <div>
              <dt>Saldo</dt>
              <dd data-testid="home-saldo">{points(user.saldo)}</dd>
            </div>
            <div>
              <dt>Indicações confirmadas</dt>
              <dd data-testid="home-confirmados">{referral.data ? referral.data.confirmados : '–'}</dd>
            </div>
          </dl>
        ) : null}
        <Link className="button home-hero__botao" to={button.para}>
          {button.texto}
        </Link>
      </div>
    </section>
  );
}
