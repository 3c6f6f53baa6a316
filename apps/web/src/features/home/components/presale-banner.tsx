import type { BannerSite } from '@legiao/contracts/banner';
import { useCountdown } from '../../../shared/lib/use-countdown';
import { Count } from '../../../shared/ui/count';

/** The pre-sale banner (spec 000 sections 2 and 4): a countdown, then the button when it ends. */
export function PresaleBanner({ banner }: { banner: BannerSite }) {
  const target = new Date(banner.contagemAte ?? banner.inicio);
  const time = useCountdown(target);
  return (
    <section className="banner-site banner-site--pre-venda" aria-labelledby={`banner-${banner.id}`}>
      <picture className="banner-site__imagem">
        {banner.urlImagemMobile ? <source media="(max-width: 767px)" srcSet={banner.urlImagemMobile} width={750} height={900} /> : null}
        <img src={banner.urlImagem} alt="" width={1600} height={600} loading="lazy" decoding="async" />
      </picture>
      <div className="banner-site__conteudo">
        <p className="banner-site__selo">Pré-venda</p>
        <h2 id={`banner-${banner.id}`} className="banner-site__titulo">
          {banner.titulo}
        </h2>
        <p className="banner-site__texto">{banner.texto}</p>
        {time.done ? (
          banner.urlLink ? (
            <a className="button button--destaque" href={banner.urlLink} target="_blank" rel="noreferrer">
              {banner.textoBotao ?? 'Comprar agora'}
              <span className="visually-hidden"> (abre em nova aba)</span>
            </a>
          ) : null
        ) : (
          <Count time={time} rotulo="Tempo até a pré-venda" />
        )}
      </div>
    </section>
  );
}
