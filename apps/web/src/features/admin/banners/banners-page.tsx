import { useState } from 'react';
import { Link, useRoutes } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { MainBannerAdmin, BannersAdmin, BannerSiteAdmin } from '@legiao/contracts/admin/banners';
import { errorMessage } from '../../../shared/api/api-error';
import { ConfirmDialog, EmptyState, ErrorState, LoadingState, notifyError, notifySuccess, PageHeader, useStaff } from '../ui';
import { SortableList } from '../ordenacao/sortable-list';
import { shortDateTime } from '../ordenacao/datas';
import { bannersQueryKey, editMain, editSite, sortBanners, mainToInput, removeBanner, siteToInput, useBannersQuery, type BannerKind } from './api/banners-api';
import { BannerSiteForm } from './components/banner-site-form';
import { MainBannerForm } from './components/main-banner-form';
import { BannersPreview } from './components/banners-preview';
import { PROFILE_LABEL, audienceLabel, REGION_LABEL, siteStatus } from './components/rotulos';
import '../ordenacao/formularios.css';
import './banners.css';

/** /admin/banners/*: the lists, the forms (novo, :id) and the preview. */
export function BannersArea() {
  return useRoutes([
    { index: true, element: <BannersPage /> },
    { path: 'previa', element: <BannersPreview /> },
    { path: 'site/novo', element: <BannerSiteForm /> },
    { path: 'site/:id', element: <BannerSiteForm /> },
    { path: 'principais/novo', element: <MainBannerForm /> },
    { path: 'principais/:id', element: <MainBannerForm /> },
  ]);
}

function BannersPage() {
  const q = useBannersQuery();
  const queryClient = useQueryClient();
  const staff = useStaff();
  const canEdit = staff.can('content.write');
  const [remove, setRemove] = useState<{ tipo: BannerKind; id: number; nome: string } | null>(null);

  const reorder = (kind: BannerKind) => async (ids: number[]) => {
    try {
      queryClient.setQueryData<BannersAdmin>(bannersQueryKey, await sortBanners(kind, ids));
      notifySuccess('Ordem salva.');
    } catch (e) {
      notifyError(e);
      throw e;
    }
  };
  const toggleSite = async (b: BannerSiteAdmin) => {
    try {
      await editSite(b.id, { ...siteToInput(b), ativo: !b.ativo });
      await queryClient.invalidateQueries({ queryKey: bannersQueryKey });
      notifySuccess(b.ativo ? 'Banner desativado.' : 'Banner ativado.');
    } catch (e) {
      notifyError(e);
    }
  };
  const toggleMain = async (b: MainBannerAdmin) => {
    try {
      await editMain(b.id, { ...mainToInput(b), ativo: !b.ativo });
      await queryClient.invalidateQueries({ queryKey: bannersQueryKey });
      notifySuccess(b.ativo ? 'Banner desativado.' : 'Banner ativado.');
    } catch (e) {
      notifyError(e);
    }
  };

  return (
    <>
      <PageHeader
        title="Banners"
        description="O que a home mostra, a quem e quando. Arraste (ou use as setas) para mudar a ordem; as mudanças valem na hora para os membros."
        actions={
          <>
            <Link className="admin-btn" to="previa">
              Prévia por membro e data
            </Link>
            {canEdit && (
              <Link className="admin-btn admin-btn--primario" to="site/novo">
                Novo banner do site
              </Link>
            )}
          </>
        }
      />
      {q.isPending ? (
        <LoadingState label="Carregando os banners..." />
      ) : q.isError ? (
        <ErrorState message={errorMessage(q.error)} onRetry={() => void q.refetch()} />
      ) : (
        <div className="banners-secoes">
          <section aria-labelledby="banners-site-titulo">
            <div className="banners-secao__cabecalho">
              <h2 id="banners-site-titulo">Banners do site</h2>
              <p>Exclusivos (janela e cidades; nunca para colaboradores ou leads), pré-vendas com contagem regressiva e lançamentos “em breve”. Acesso antecipado por membro (código, cota, regra) é um <Link to="/admin/lancamentos">Lançamento</Link>: ele ocupa os mesmos lugares da home; desative aqui o banner que ele substitui.</p>
            </div>
            {q.data.site.length === 0 ? (
              <EmptyState title="Nenhum banner do site" />
            ) : (
              <SortableList rotulo="Banners do site, na ordem da home" itens={q.data.site} nome={(b) => b.titulo} onReorder={reorder('site')} readOnly={!canEdit}>
                {(b) => {
                  const s = siteStatus(b);
                  return (
                    <div className="banner-linha">
                      <img className="banner-linha__miniatura" src={b.urlImagem} alt="" width={96} height={36} loading="lazy" />
                      <div className="banner-linha__texto">
                        <strong>{b.titulo}</strong>
                        <span>
                          {REGION_LABEL[b.bannerRegiao]} · {shortDateTime(b.inicio)} a {shortDateTime(b.fim)}
                          {b.bannerRegiao === 'pre-venda' && b.contagemAte ? ` · contagem até ${shortDateTime(b.contagemAte)}` : ''}
                        </span>
                        <span>{b.cidades.length ? `Cidades: ${b.cidades.join(', ')}` : 'Todas as cidades'}</span>
                      </div>
                      <span className={`admin-selo ${s.className}`}>{s.texto}</span>
                      {canEdit && (
                        <div className="banner-linha__acoes">
                          <button type="button" className="admin-btn admin-btn--pequeno" onClick={() => void toggleSite(b)} aria-label={`${b.ativo ? 'Desativar' : 'Ativar'} ${b.titulo}`}>
                            {b.ativo ? 'Desativar' : 'Ativar'}
                          </button>
                          <Link className="admin-btn admin-btn--pequeno" to={`site/${b.id}`} aria-label={`Editar ${b.titulo}`}>
                            Editar
                          </Link>
                          <button type="button" className="admin-btn admin-btn--pequeno admin-btn--perigo" onClick={() => setRemove({ tipo: 'site', id: b.id, nome: b.titulo })} aria-label={`Remover ${b.titulo}`}>
                            Remover
                          </button>
                        </div>
                      )}
                    </div>
                  );
                }}
              </SortableList>
            )}
          </section>

          <section aria-labelledby="banners-principais-titulo">
            <div className="banners-secao__cabecalho">
              <h2 id="banners-principais-titulo">Banner principal da home</h2>
              <p>A imagem do topo: a home escolhe a do perfil do membro (ou a geral) e do seu público (lead ou não).</p>
              {canEdit && (
                <Link className="admin-btn" to="principais/novo">
                  Nova imagem principal
                </Link>
              )}
            </div>
            {q.data.principais.length === 0 ? (
              <EmptyState title="Nenhuma imagem principal" />
            ) : (
              <SortableList rotulo="Imagens do banner principal" itens={q.data.principais} nome={(b) => b.nome} onReorder={reorder('principais')} readOnly={!canEdit}>
                {(b) => (
                  <div className="banner-linha">
                    <img className="banner-linha__miniatura" src={b.urlImagemDesktop} alt="" width={96} height={36} loading="lazy" />
                    <div className="banner-linha__texto">
                      <strong>{b.nome}</strong>
                      <span>
                        {PROFILE_LABEL[b.perfil]} · {audienceLabel(b.lead)}
                      </span>
                    </div>
                    <span className={`admin-selo ${b.ativo ? 'admin-selo--verde' : ''}`}>{b.ativo ? 'Ativo' : 'Inativo'}</span>
                    {canEdit && (
                      <div className="banner-linha__acoes">
                        <button type="button" className="admin-btn admin-btn--pequeno" onClick={() => void toggleMain(b)} aria-label={`${b.ativo ? 'Desativar' : 'Ativar'} ${b.nome}`}>
                          {b.ativo ? 'Desativar' : 'Ativar'}
                        </button>
                        <Link className="admin-btn admin-btn--pequeno" to={`principais/${b.id}`} aria-label={`Editar ${b.nome}`}>
                          Editar
                        </Link>
                        <button type="button" className="admin-btn admin-btn--pequeno admin-btn--perigo" onClick={() => setRemove({ tipo: 'principais', id: b.id, nome: b.nome })} aria-label={`Remover ${b.nome}`}>
                          Remover
                        </button>
                      </div>
                    )}
                  </div>
                )}
              </SortableList>
            )}
          </section>
          <p className="banners-nota">As recomendações da home (pares de produtos) são calculadas para cada membro a partir do catálogo: não há o que editar aqui.</p>
        </div>
      )}
      {remove && (
        <ConfirmDialog
          title="Remover o banner?"
          confirmLabel="Remover"
          danger
          onConfirm={async () => {
            try {
              await removeBanner(remove.tipo, remove.id);
              await queryClient.invalidateQueries({ queryKey: bannersQueryKey });
              notifySuccess('Banner removido.');
            } catch (e) {
              notifyError(e);
              throw e;
            }
          }}
          onClose={() => setRemove(null)}
        >
          <p>“{remove.nome}” sai da home de todos os membros agora. Para só tirar do ar, prefira desativar.</p>
        </ConfirmDialog>
      )}
    </>
  );
}
