import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BannerPreview, BannerPreviewQuery, MainBannerAdmin, MainBannerInput, BannersAdmin, BannerSiteAdmin, BannerSiteInput } from '@legiao/contracts/admin/banners';
import { http } from '../../../../shared/api/http';

// The banners' calls (docs/decisions/0029-back-office-content.md).

export const bannersQueryKey = ['admin', 'banners'] as const;
export const useBannersQuery = () => useQuery(queryOptions({ queryKey: bannersQueryKey, queryFn: ({ signal }) => http<BannersAdmin>('/admin/banners', { signal }) }));

export const usePreviewQuery = (q: BannerPreviewQuery | null) =>
  useQuery({
    queryKey: [...bannersQueryKey, 'previa', q],
    queryFn: ({ signal }) => http<BannerPreview>('/admin/banners/previa', { signal, query: { ...q } }),
    enabled: q !== null,
  });

export type BannerKind = 'site' | 'principais';

export const createSite = (body: BannerSiteInput) => http<BannerSiteAdmin>('/admin/banners/site', { method: 'POST', body });
export const editSite = (id: number, body: BannerSiteInput) => http<BannerSiteAdmin>(`/admin/banners/site/${id}`, { method: 'PUT', body });
export const createMain = (body: MainBannerInput) => http<MainBannerAdmin>('/admin/banners/principais', { method: 'POST', body });
export const editMain = (id: number, body: MainBannerInput) => http<MainBannerAdmin>(`/admin/banners/principais/${id}`, { method: 'PUT', body });
export const removeBanner = (kind: BannerKind, id: number) => http<null>(`/admin/banners/${kind}/${id}`, { method: 'DELETE' });
export const sortBanners = (kind: BannerKind, ids: number[]) => http<BannersAdmin>(`/admin/banners/${kind}-ordem`, { method: 'PUT', body: { ids } });

/** A site banner's row as the form's body (to toggle ativo without opening the form). */
export const siteToInput = (b: BannerSiteAdmin): BannerSiteInput => ({
  nome: b.nomeBannerSite,
  regiao: b.bannerRegiao,
  titulo: b.titulo,
  texto: b.texto,
  urlImagem: b.urlImagem,
  urlImagemMobile: b.urlImagemMobile,
  urlLink: b.urlLink,
  textoBotao: b.textoBotao,
  idBeneficio: b.idBeneficio,
  inicio: b.inicio,
  fim: b.fim,
  contagemAte: b.contagemAte,
  cidades: b.cidades,
  abas: b.abas,
  ativo: b.ativo,
});

export const mainToInput = (b: MainBannerAdmin): MainBannerInput => ({
  nome: b.nome,
  perfil: b.perfil,
  lead: b.lead,
  urlImagemDesktop: b.urlImagemDesktop,
  urlImagemMobile: b.urlImagemMobile,
  textoAlternativo: b.textoAlternativo,
  ativo: b.ativo,
});
