import { GRUPOS_SELOS } from '@legiao/contracts/conquista-constantes';
import { useId } from 'react';
import { errorMessage } from '../../../shared/api/api-error';
import { BackLink } from '../../../shared/ui/back-link';
import { Carousel } from '../../../shared/ui/carousel';
import { Loader } from '../../../shared/ui/loader';
import { useConquista } from '../api/get-conquista';
import { FundadorBanner } from '../components/fundador-banner';
import { GrupoSelos } from '../components/grupo-selos';
import { PerfilCard } from '../components/perfil-card';
import { SeloBadge } from '../components/selo-badge';
import { SeloModal } from '../components/selo-modal';
import { useModalAtrasado } from '../components/use-modal-atrasado';
import { selosDeExperiencia, type SeloVisivel } from '../lib/selos';
import '../conquistas.css';

/** /minhas-conquistas (spec 001 section 2.22): every badge, earned or locked, with its details. */
export function MinhasConquistasPage() {
  const conquista = useConquista();
  const modal = useModalAtrasado<SeloVisivel>();
  const experienciasId = useId();

  return (
    <main id="conteudo" className="page conquistas">
      <BackLink to="/home" />
      <h1 className="page__title">Minhas conquistas</h1>
      {conquista.isPending ? <Loader label="Carregando suas conquistas..." /> : null}
      {conquista.isError ? (
        <p className="page__text" role="alert">
          {errorMessage(conquista.error)}
        </p>
      ) : null}
      {conquista.data ? (
        <>
          <FundadorBanner conquista={conquista.data} />
          <PerfilCard conquista={conquista.data} onAbrir={modal.abrir} />
          <div className="conquistas__grupos">
            {GRUPOS_SELOS.map((g) => (
              <GrupoSelos key={g.chave} chave={g.chave} titulo={g.titulo} conquista={conquista.data} onAbrir={modal.abrir} />
            ))}
          </div>
          <section className="conquistas__experiencias" aria-labelledby={experienciasId}>
            <h2 id={experienciasId} className="grupo-selos__titulo">
              Experiências lendárias
            </h2>
            <Carousel label="Experiências lendárias" porVisao={{ base: 2, desde768: 8 }} paginas>
              {selosDeExperiencia(conquista.data.experiencias).map((selo) => (
                <SeloBadge key={selo.id} selo={selo} onAbrir={modal.abrir} />
              ))}
            </Carousel>
          </section>
        </>
      ) : null}
      {modal.aberto ? <SeloModal selo={modal.aberto} onClose={modal.fechar} /> : null}
    </main>
  );
}
