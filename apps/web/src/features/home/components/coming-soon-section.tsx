import type { BannerSite } from '@legiao/contracts/banner';
import { Tabs } from '../../../shared/ui/tabs';

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
        <Tabs
          rotulo={`Sobre o lançamento ${banner.titulo}`}
          abas={[
            { id: 'sobre', rotulo: 'Sobre', content: <p className="em-breve__sobre">{tabs.sobre}</p> },
            {
              id: 'cores',
              rotulo: 'Cores',
              content: (
                <ul className="em-breve__cores">
                  {tabs.cores.map((cor) => (
                    <li key={cor.nome}>
                      <span className="em-breve__amostra" style={{ background: cor.hex }} aria-hidden="true" />
                      {cor.nome}
                    </li>
                  ))}
                </ul>
              ),
            },
            {
              id: 'produtos',
              rotulo: 'Produtos',
              content: (
                <ul className="em-breve__produtos">
                  {tabs.produtos.map((p) => (
                    <li key={p.nome}>
                      <img src={p.urlImagem} alt="" loading="lazy" decoding="async" width={96} height={96} />
                      <span>{p.nome}</span>
                    </li>
                  ))}
                </ul>
              ),
            },
          ]}
        />
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
