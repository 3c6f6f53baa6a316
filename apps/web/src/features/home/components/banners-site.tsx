import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { bannersSiteQuery } from '../api/home-queries';
import { ExclusiveBanner } from './exclusive-banner';
import { PresaleBanner } from './presale-banner';
import { ComingSoonSection } from './coming-soon-section';

/** The site banners of one home region, as GET /bannersite/ativos sends them (the server filters). */
function useRegionBanners(region: 'exclusivo' | 'pre-venda' | 'lancamento') {
  const site = useQuery(bannersSiteQuery());
  useEffect(() => {
    if (site.error) console.warn('Não foi possível carregar os banners.', site.error);
  }, [site.error]);
  return (site.data ?? []).filter((b) => b.bannerRegiao === region);
}

/** Section 4: the exclusive benefit banners, then the pre-sale ones (spec 000 section 2). */
export function FeaturedBanners() {
  const exclusive = useRegionBanners('exclusivo');
  const presale = useRegionBanners('pre-venda');
  return (
    <>
      {exclusive.map((b) => (
        <ExclusiveBanner key={b.id} banner={b} />
      ))}
      {presale.map((b) => (
        <PresaleBanner key={b.id} banner={b} />
      ))}
    </>
  );
}

/** Section 7: the 'coming soon' launches. */
export function LaunchBanners() {
  return useRegionBanners('lancamento').map((b) => <ComingSoonSection key={b.id} banner={b} />);
}
