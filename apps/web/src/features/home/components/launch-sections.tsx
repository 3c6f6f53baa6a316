import type { MemberLaunch } from '@legiao/contracts/lancamentos';
import { LaunchTabs } from './launch-tabs';
import { LaunchAlertButton } from './launch-alert';
import { AddToCalendar, LaunchAccess, LaunchCountdown, LaunchHints, openingText } from './launch-parts';
import './launch-sections.css';

// A launch on the home (docs/decisions/0047-launches.md "Part 2: screens"): in the pre-sale place
// (section 4) what it means for this member now (the countdown to their opening, then their access);
// in the coming-soon place (section 7) the launch itself, with the tabs Sobre, Cores and Produtos.

/** Section 4: the member's early access to a launch, in the pre-sale banner's place and look. */
export function LaunchPresale({ launch }: { launch: MemberLaunch }) {
  const id = `lancamento-${launch.slug}`;
  const open = launch.elegivel && launch.emJanela;
  return (
    // Named by its badge and title ("Acesso antecipado Garrafa X"): the coming-soon section of the same launch is "Em breve Garrafa X".
    <section className="banner-site banner-site--pre-venda lancamento-home" aria-labelledby={`${id}-selo ${id}`}>
      <div className="banner-site__imagem">
        <img src={launch.urlImagem} alt="" width={1600} height={600} loading="lazy" decoding="async" />
      </div>
      <div className="banner-site__conteudo">
        <p id={`${id}-selo`} className="banner-site__selo">
          {launch.elegivel ? 'Acesso antecipado' : 'Pré-venda'}
        </p>
        <h2 id={id} className="banner-site__titulo">
          {launch.nome}
        </h2>
        <p className="lancamento-home__situacao">
          <strong>{launch.elegivel ? 'Você tem acesso antecipado.' : 'Você ainda não tem acesso antecipado.'}</strong> {openingText(launch)}
        </p>
        {open ? <LaunchAccess launch={launch} /> : <LaunchCountdown launch={launch} />}
        <LaunchHints launch={launch} />
        {!open && <LaunchAlertButton launch={launch} />}
        {!open && <AddToCalendar launch={launch} />}
      </div>
    </section>
  );
}

/** Section 7: the coming-soon launch, with its tabs and where the member stands. */
export function LaunchComingSoon({ launch }: { launch: MemberLaunch }) {
  const id = `em-breve-${launch.slug}`;
  const tabs = launch.abas;
  return (
    <section className="lancamento-em-breve" aria-labelledby={`${id}-selo ${id}`}>
      <div className="em-breve__imagem">
        <img src={launch.urlImagem} alt="" width={1600} height={600} loading="lazy" decoding="async" />
      </div>
      <div className="em-breve__conteudo">
        <p id={`${id}-selo`} className="banner-site__selo">
          Em breve
        </p>
        <h2 id={id} className="em-breve__titulo">
          {launch.nome}
        </h2>
        <p className="em-breve__texto">{openingText(launch)}</p>
        <LaunchTabs name={launch.nome} tabs={tabs} />
        <LaunchAlertButton launch={launch} />
        {!(launch.elegivel && launch.emJanela) && <AddToCalendar launch={launch} />}
      </div>
    </section>
  );
}
