import type { BannerSite } from '@legiao/contracts/banner';
import { STORAGE } from '@legiao/contracts/storage-keys';
import { Link } from 'react-router';

/**
 * Section 4: the exclusive benefit banner (spec 000 sections 5 and 9). The server only sends it
 * inside its date window to eligible members (not staff, not leads, listed cities), so here it
 * is only drawn. Its button opens the benefit on /beneficios through the same stored choice a
 * chatbot link uses.
 */
export function ExclusiveBanner({ banner }: { banner: BannerSite }) {
  const choose = () => {
    if (banner.idBeneficio !== null) localStorage.setItem(STORAGE.beneficioChatbot, String(banner.idBeneficio));
  };
  return (
    <section className="banner-site banner-site--exclusivo" aria-labelledby={`banner-${banner.id}`}>
      <picture className="banner-site__imagem">
        {banner.urlImagemMobile ? <source media="(max-width: 767px)" srcSet={banner.urlImagemMobile} width={750} height={900} /> : null}
        <img src={banner.urlImagem} alt="" width={1600} height={600} loading="lazy" decoding="async" />
      </picture>
      <div className="banner-site__conteudo">
        <p className="banner-site__selo">Exclusivo para você</p>
        <h2 id={`banner-${banner.id}`} className="banner-site__titulo">
          {banner.titulo}
        </h2>
        <p className="banner-site__texto">{banner.texto}</p>
        {banner.idBeneficio !== null ? (
          <Link className="button button--destaque" to="/beneficios" onClick={choose}>
            {banner.textoBotao ?? 'Quero este benefício'}
          </Link>
        ) : banner.urlLink ? (
          <a className="button button--destaque" href={banner.urlLink} target="_blank" rel="noreferrer">
            {banner.textoBotao ?? 'Saiba mais'}
            <span className="visually-hidden"> (abre em nova aba)</span>
          </a>
        ) : null}
      </div>
    </section>
  );
}
