import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { bannersSiteQuery } from '../api/home-queries';
import { ExclusiveBanner } from './exclusive-banner';
import { PresaleBanner } from './presale-banner';
import { ComingSoonSection } from './coming-soon-section';
import { memberLaunchesQuery } from '../api/launches-query';
import { LaunchComingSoon, LaunchPresale } from './launch-sections';

/** The site banners of one home region, as GET /bannersite/ativos sends them (the server filters). */
function useRegionBanners(region: 'exclusivo' | 'pre-venda' | 'lancamento') {
  const site = useQuery(bannersSiteQuery());
  useEffect(() => {
    if (site.error) console.warn('Não foi possível carregar os banners.', site.error);
  }, [site.error]);
  return (site.data ?? []).filter((b) => b.bannerRegiao === region);
}

/**
 * The launches this member waits for (GET /lancamentos; docs/decisions/0047-launches.md). A launch
 * defined as a launch takes the pre-sale and coming-soon places with what it means for this member;
 * the banners of those regions stay for everything that is not one. A failure only leaves them out.
 */
function useLaunches() {
  const q = useQuery(memberLaunchesQuery());
  useEffect(() => {
    if (q.error) console.warn('Não foi possível carregar os lançamentos.', q.error);
  }, [q.error]);
  return q.data ?? [];
}

/** Section 4: the exclusive benefit banners, then the launches' early access and the pre-sale banners (spec 000 section 2). */
export function FeaturedBanners() {
  const exclusive = useRegionBanners('exclusivo');
  const presale = useRegionBanners('pre-venda');
  const launches = useLaunches();
  return (
    <>
      {exclusive.map((b) => (
        <ExclusiveBanner key={b.id} banner={b} />
      ))}
      {launches.map((l) => (
        <LaunchPresale key={l.slug} launch={l} />
      ))}
      {presale.map((b) => (
        <PresaleBanner key={b.id} banner={b} />
      ))}
    </>
  );
}

/** Section 7: the 'coming soon' launches: those defined as launches, then the banners. */
export function LaunchBanners() {
  const launches = useLaunches();
  const banners = useRegionBanners('lancamento');
  return (
    <>
      {launches.map((l) => (
        <LaunchComingSoon key={l.slug} launch={l} />
      ))}
      {banners.map((b) => (
        <ComingSoonSection key={b.id} banner={b} />
      ))}
    </>
  );
}
