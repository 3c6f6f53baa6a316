import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { bannersSiteQuery } from '../api/home-queries';
import { BannerExclusivo } from './banner-exclusivo';
import { BannerPreVenda } from './banner-pre-venda';
import { EmBreveSection } from './em-breve-section';

/** The site banners of one home region, as GET /bannersite/ativos sends them (the server filters). */
function useBannersDaRegiao(regiao: 'exclusivo' | 'pre-venda' | 'lancamento') {
  const site = useQuery(bannersSiteQuery());
  useEffect(() => {
    if (site.error) console.warn('Não foi possível carregar os banners.', site.error);
  }, [site.error]);
  return (site.data ?? []).filter((b) => b.bannerRegiao === regiao);
}

/** Section 4: the exclusive benefit banners, then the pre-sale ones (spec 000 section 2). */
export function BannersDestaque() {
  const exclusivos = useBannersDaRegiao('exclusivo');
  const preVenda = useBannersDaRegiao('pre-venda');
  return (
    <>
      {exclusivos.map((b) => (
        <BannerExclusivo key={b.id} banner={b} />
      ))}
      {preVenda.map((b) => (
        <BannerPreVenda key={b.id} banner={b} />
      ))}
    </>
  );
}

/** Section 7: the 'coming soon' launches. */
export function BannersLancamento() {
  return useBannersDaRegiao('lancamento').map((b) => <EmBreveSection key={b.id} banner={b} />);
}
