import type { BannerSite } from '@legiao/contracts/banner';
import { LaunchTabs } from './launch-tabs';

/** Section 7: the 'coming soon' launch with its tabs Sobre, Cores and Produtos (spec 000 section 2). */
export function ComingSoonSection({ banner }: { banner: BannerSite }) {
  const tabs = banner.abas;
  if (!tabs) return null;
  return (
    <section className="em-breve" aria-labelledby={`banner-${banner.id}`}>
      <div className="em-breve__imagem">
        {/* The launch artwork's size: its box is reserved before it arrives. */}
        <img src={banner.urlImagem} alt="" width={1600} height={600} loading="lazy" decoding="async" />
      </div>
      <div className="em-breve__conteudo">
        <p className="banner-site__selo">Em breve</p>
        <h2 id={`banner-${banner.id}`} className="em-breve__titulo">
          {banner.titulo}
        </h2>
        <p className="em-breve__texto">{banner.texto}</p>
        <LaunchTabs name={banner.titulo} tabs={tabs} />
        {banner.urlLink ? (
          <a className="button button--ghost" href={banner.urlLink} target="_blank" rel="noreferrer">
            {banner.textoBotao ?? 'Quero ser avisado'}
            <span className="visually-hidden"> (abre em nova aba)</span>
          </a>
        ) : null}
      </div>
    </section>
  );
}
