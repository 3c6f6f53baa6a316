import type { BannerHome, BannerSite, Recommendation } from '@legiao/contracts/banner';
import type { ReferralSummary } from '@legiao/contracts/indicacao';
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../../shared/api/http';

// The calls of the member home (spec 000 section 7). Banners change rarely: 5 minutes fresh.
const FIVE_MINUTES = 5 * 60_000;
/** A list answer that is not a list (a proxy's error page, an old server) must not break the home. */
const list = <T,>(data: unknown): T[] => (Array.isArray(data) ? (data as T[]) : []);

/** GET /banner: the hero images; the page picks one by perfil and lead (lib/choose-hero.ts). */
export const bannersHomeQuery = () =>
  queryOptions({
    queryKey: ['banner'],
    queryFn: async ({ signal }) => list<BannerHome>(await http('/banner', { signal })),
    staleTime: FIVE_MINUTES,
  });

/** GET /bannersite/ativos: the site banners this member may see now (the server filters). */
export const bannersSiteQuery = () =>
  queryOptions({
    queryKey: ['bannersite', 'ativos'],
    queryFn: async ({ signal }) => list<BannerSite>(await http('/bannersite/ativos', { signal })),
    staleTime: FIVE_MINUTES,
  });

/** GET /BannerSite/recomendacao/?hash={hashUsuario}. */
export const recommendationsQuery = (hash: string) =>
  queryOptions({
    queryKey: ['bannersite', 'recomendacao', hash],
    queryFn: async ({ signal }) => list<Recommendation>(await http('/BannerSite/recomendacao/', { query: { hash }, signal })),
    staleTime: FIVE_MINUTES,
  });

/** GET /indicacao: confirmed referrals for the greeting (not for staff: the server answers 403). */
export const referralSummaryQuery = () =>
  queryOptions({
    queryKey: ['indicacao', 'resumo'],
    queryFn: ({ signal }) => http<ReferralSummary>('/indicacao', { signal }),
    staleTime: 60_000,
  });

/** GET /satisfacao?hash=: only faseEncerrada matters to the home's pop-up. */
export const satisfactionPhaseQuery = (hash: string) =>
  queryOptions({
    queryKey: ['satisfacao', 'fase', hash],
    queryFn: ({ signal }) => http<{ faseEncerrada: boolean }>('/satisfacao', { query: { hash }, signal }),
    select: (data) => data.faseEncerrada === true,
    staleTime: FIVE_MINUTES,
  });
