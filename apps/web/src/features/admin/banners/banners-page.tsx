import { useState } from 'react';
import { Link, useRoutes } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { BannerPrincipalAdmin, BannersAdmin, BannerSiteAdmin } from '@legiao/contracts/admin/banners';
import { errorMessage } from '../../../shared/api/api-error';
import { ConfirmDialog, EmptyState, ErrorState, LoadingState, notifyError, notifySuccess, PageHeader, useStaff } from '../ui';
import { ListaOrdenavel } from '../ordenacao/lista-ordenavel';
import { dataHoraCurta } from '../ordenacao/datas';
import { bannersQueryKey, editarPrincipal, editarSite, ordenarBanners, principalParaInput, removerBanner, siteParaInput, useBannersQuery, type TipoBanner } from './api/banners-api';
import { BannerSiteForm } from './components/banner-site-form';
import { BannerPrincipalForm } from './components/banner-principal-form';
import { BannersPrevia } from './components/banners-previa';
import { PERFIL_ROTULO, publicoRotulo, REGIAO_ROTULO, situacaoSite } from './components/rotulos';
import '../ordenacao/formularios.css';
import './banners.css';

/** /admin/banners/*: the lists, the forms (novo, :id) and the preview. */
export function BannersArea() {
  return useRoutes([
    { index: true, element: <BannersPage /> },
    { path: 'previa', element: <BannersPrevia /> },
    { path: 'site/novo', element: <BannerSiteForm /> },
    { path: 'site/:id', element: <BannerSiteForm /> },
    { path: 'principais/novo', element: <BannerPrincipalForm /> },
    { path: 'principais/:id', element: <BannerPrincipalForm /> },
  ]);
}

function BannersPage() {
  const q = useBannersQuery();
  const queryClient = useQueryClient();
  const staff = useStaff();
  const podeEditar = staff.can('content.write');
  const [remover, setRemover] = useState<{ tipo: TipoBanner; id: number; nome: string } | null>(null);

  const reordenar = (tipo: TipoBanner) => async (ids: number[]) => {
    try {
      queryClient.setQueryData<BannersAdmin>(bannersQueryKey, await ordenarBanners(tipo, ids));
      notifySuccess('Ordem salva.');
    } catch (e) {
      notifyError(e);
      throw e;
    }
  };
  const alternarSite = async (b: BannerSiteAdmin) => {
    try {
      await editarSite(b.id, { ...siteParaInput(b), ativo: !b.ativo });
      await queryClient.invalidateQueries({ queryKey: bannersQueryKey });
      notifySuccess(b.ativo ? 'Banner desativado.' : 'Banner ativado.');
    } catch (e) {
      notifyError(e);
    }
  };
  const alternarPrincipal = async (b: BannerPrincipalAdmin) => {
    try {
      await editarPrincipal(b.id, { ...principalParaInput(b), ativo: !b.ativo });
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
            {podeEditar && (
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
              <p>Exclusivos (janela e cidades; nunca para colaboradores ou leads), pré-vendas com contagem regressiva e lançamentos “em breve”.</p>
            </div>
            {q.data.site.length === 0 ? (
              <EmptyState title="Nenhum banner do site" />
            ) : (
              <ListaOrdenavel rotulo="Banners do site, na ordem da home" itens={q.data.site} nome={(b) => b.titulo} onReordenar={reordenar('site')} somenteLeitura={!podeEditar}>
                {(b) => {
                  const s = situacaoSite(b);
                  return (
                    <div className="banner-linha">
                      <img className="banner-linha__miniatura" src={b.urlImagem} alt="" width={96} height={36} loading="lazy" />
                      <div className="banner-linha__texto">
                        <strong>{b.titulo}</strong>
                        <span>
                          {REGIAO_ROTULO[b.bannerRegiao]} · {dataHoraCurta(b.inicio)} a {dataHoraCurta(b.fim)}
                          {b.bannerRegiao === 'pre-venda' && b.contagemAte ? ` · contagem até ${dataHoraCurta(b.contagemAte)}` : ''}
                        </span>
                        <span>{b.cidades.length ? `Cidades: ${b.cidades.join(', ')}` : 'Todas as cidades'}</span>
                      </div>
                      <span className={`admin-selo ${s.classe}`}>{s.texto}</span>
                      {podeEditar && (
                        <div className="banner-linha__acoes">
                          <button type="button" className="admin-btn admin-btn--pequeno" onClick={() => void alternarSite(b)} aria-label={`${b.ativo ? 'Desativar' : 'Ativar'} ${b.titulo}`}>
                            {b.ativo ? 'Desativar' : 'Ativar'}
                          </button>
                          <Link className="admin-btn admin-btn--pequeno" to={`site/${b.id}`} aria-label={`Editar ${b.titulo}`}>
                            Editar
                          </Link>
                          <button type="button" className="admin-btn admin-btn--pequeno admin-btn--perigo" onClick={() => setRemover({ tipo: 'site', id: b.id, nome: b.titulo })} aria-label={`Remover ${b.titulo}`}>
                            Remover
                          </button>
                        </div>
                      )}
                    </div>
                  );
                }}
              </ListaOrdenavel>
            )}
          </section>

          <section aria-labelledby="banners-principais-titulo">
            <div className="banners-secao__cabecalho">
              <h2 id="banners-principais-titulo">Banner principal da home</h2>
              <p>A imagem do topo: a home escolhe a do perfil do membro (ou a geral) e do seu público (lead ou não).</p>
              {podeEditar && (
                <Link className="admin-btn" to="principais/novo">
                  Nova imagem principal
                </Link>
              )}
            </div>
            {q.data.principais.length === 0 ? (
              <EmptyState title="Nenhuma imagem principal" />
            ) : (
              <ListaOrdenavel rotulo="Imagens do banner principal" itens={q.data.principais} nome={(b) => b.nome} onReordenar={reordenar('principais')} somenteLeitura={!podeEditar}>
                {(b) => (
                  <div className="banner-linha">
                    <img className="banner-linha__miniatura" src={b.urlImagemDesktop} alt="" width={96} height={36} loading="lazy" />
                    <div className="banner-linha__texto">
                      <strong>{b.nome}</strong>
                      <span>
                        {PERFIL_ROTULO[b.perfil]} · {publicoRotulo(b.lead)}
                      </span>
                    </div>
                    <span className={`admin-selo ${b.ativo ? 'admin-selo--verde' : ''}`}>{b.ativo ? 'Ativo' : 'Inativo'}</span>
                    {podeEditar && (
                      <div className="banner-linha__acoes">
                        <button type="button" className="admin-btn admin-btn--pequeno" onClick={() => void alternarPrincipal(b)} aria-label={`${b.ativo ? 'Desativar' : 'Ativar'} ${b.nome}`}>
                          {b.ativo ? 'Desativar' : 'Ativar'}
                        </button>
                        <Link className="admin-btn admin-btn--pequeno" to={`principais/${b.id}`} aria-label={`Editar ${b.nome}`}>
                          Editar
                        </Link>
                        <button type="button" className="admin-btn admin-btn--pequeno admin-btn--perigo" onClick={() => setRemover({ tipo: 'principais', id: b.id, nome: b.nome })} aria-label={`Remover ${b.nome}`}>
                          Remover
                        </button>
                      </div>
                    )}
                  </div>
                )}
              </ListaOrdenavel>
            )}
          </section>
          <p className="banners-nota">As recomendações da home (pares de produtos) são calculadas para cada membro a partir do catálogo: não há o que editar aqui.</p>
        </div>
      )}
      {remover && (
        <ConfirmDialog
          title="Remover o banner?"
          confirmLabel="Remover"
          danger
          onConfirm={async () => {
            try {
              await removerBanner(remover.tipo, remover.id);
              await queryClient.invalidateQueries({ queryKey: bannersQueryKey });
              notifySuccess('Banner removido.');
            } catch (e) {
              notifyError(e);
              throw e;
            }
          }}
          onClose={() => setRemover(null)}
        >
          <p>“{remover.nome}” sai da home de todos os membros agora. Para só tirar do ar, prefira desativar.</p>
        </ConfirmDialog>
      )}
    </>
  );
}
