import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BannerPrevia, BannerPreviaQuery, BannerPrincipalAdmin, BannerPrincipalInput, BannersAdmin, BannerSiteAdmin, BannerSiteInput } from '@legiao/contracts/admin/banners';
import { http } from '../../../../shared/api/http';

// The banners' calls (docs/decisions/0029-back-office-content.md).

export const bannersQueryKey = ['admin', 'banners'] as const;
export const useBannersQuery = () => useQuery(queryOptions({ queryKey: bannersQueryKey, queryFn: ({ signal }) => http<BannersAdmin>('/admin/banners', { signal }) }));

export const usePreviaQuery = (q: BannerPreviaQuery | null) =>
  useQuery({
    queryKey: [...bannersQueryKey, 'previa', q],
    queryFn: ({ signal }) => http<BannerPrevia>('/admin/banners/previa', { signal, query: { ...q } }),
    enabled: q !== null,
  });

export type TipoBanner = 'site' | 'principais';

export const criarSite = (body: BannerSiteInput) => http<BannerSiteAdmin>('/admin/banners/site', { method: 'POST', body });
export const editarSite = (id: number, body: BannerSiteInput) => http<BannerSiteAdmin>(`/admin/banners/site/${id}`, { method: 'PUT', body });
export const criarPrincipal = (body: BannerPrincipalInput) => http<BannerPrincipalAdmin>('/admin/banners/principais', { method: 'POST', body });
export const editarPrincipal = (id: number, body: BannerPrincipalInput) => http<BannerPrincipalAdmin>(`/admin/banners/principais/${id}`, { method: 'PUT', body });
export const removerBanner = (tipo: TipoBanner, id: number) => http<null>(`/admin/banners/${tipo}/${id}`, { method: 'DELETE' });
export const ordenarBanners = (tipo: TipoBanner, ids: number[]) => http<BannersAdmin>(`/admin/banners/${tipo}-ordem`, { method: 'PUT', body: { ids } });

/** A site banner's row as the form's body (to toggle ativo without opening the form). */
export const siteParaInput = (b: BannerSiteAdmin): BannerSiteInput => ({
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

export const principalParaInput = (b: BannerPrincipalAdmin): BannerPrincipalInput => ({
  nome: b.nome,
  perfil: b.perfil,
  lead: b.lead,
  urlImagemDesktop: b.urlImagemDesktop,
  urlImagemMobile: b.urlImagemMobile,
  textoAlternativo: b.textoAlternativo,
  ativo: b.ativo,
});
