import type { BannerHome, BannerSite, Recomendacao } from '@legiao/contracts/banner';
import type { IndicacaoResumo } from '@legiao/contracts/indicacao';
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../../shared/api/http';

// The calls of the member home (spec 000 section 7). Banners change rarely: 5 minutes fresh.
const CINCO_MINUTOS = 5 * 60_000;
/** A list answer that is not a list (a proxy's error page, an old server) must not break the home. */
const lista = <T,>(data: unknown): T[] => (Array.isArray(data) ? (data as T[]) : []);

/** GET /banner: the hero images; the page picks one by perfil and lead (lib/escolher-hero.ts). */
export const bannersHomeQuery = () =>
  queryOptions({
    queryKey: ['banner'],
    queryFn: async ({ signal }) => lista<BannerHome>(await http('/banner', { signal })),
    staleTime: CINCO_MINUTOS,
  });

/** GET /bannersite/ativos: the site banners this member may see now (the server filters). */
export const bannersSiteQuery = () =>
  queryOptions({
    queryKey: ['bannersite', 'ativos'],
    queryFn: async ({ signal }) => lista<BannerSite>(await http('/bannersite/ativos', { signal })),
    staleTime: CINCO_MINUTOS,
  });

/** GET /BannerSite/recomendacao/?hash={hashUsuario}. */
export const recomendacoesQuery = (hash: string) =>
  queryOptions({
    queryKey: ['bannersite', 'recomendacao', hash],
    queryFn: async ({ signal }) => lista<Recomendacao>(await http('/BannerSite/recomendacao/', { query: { hash }, signal })),
    staleTime: CINCO_MINUTOS,
  });

/** GET /indicacao: confirmed referrals for the greeting (not for staff: the server answers 403). */
export const resumoIndicacaoQuery = () =>
  queryOptions({
    queryKey: ['indicacao', 'resumo'],
    queryFn: ({ signal }) => http<IndicacaoResumo>('/indicacao', { signal }),
    staleTime: 60_000,
  });

/** GET /satisfacao?hash=: only faseEncerrada matters to the home's pop-up. */
export const faseSatisfacaoQuery = (hash: string) =>
  queryOptions({
    queryKey: ['satisfacao', 'fase', hash],
    queryFn: ({ signal }) => http<{ faseEncerrada: boolean }>('/satisfacao', { query: { hash }, signal }),
    select: (data) => data.faseEncerrada === true,
    staleTime: CINCO_MINUTOS,
  });
