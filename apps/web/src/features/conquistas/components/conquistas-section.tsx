import { useDeferredValue, useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { firstName, useLoggedUser } from '../../../shared/session/get-logged-user';
import { Carousel } from '../../../shared/ui/carousel';
import { Loader } from '../../../shared/ui/loader';
import { useConquista } from '../api/get-conquista';
import { selosConquistados, type SeloVisivel } from '../lib/selos';
import { InstagramModal } from './instagram-modal';
import { SeloBadge } from './selo-badge';
import { SeloModal } from './selo-modal';
import { useModalAtrasado } from './use-modal-atrasado';
import '../conquistas.css';

/**
 * The home's achievements (spec 000 section 2): the earned seals (2 per view on mobile, 5 from
 * 768px), 'Ver todos' and the Instagram story. The home decides who sees it.
 */
export function ConquistasSection() {
  const tituloId = useId();
  const { data: user } = useLoggedUser();
  const consulta = useConquista();
  // Built in a transition (sliced) rather than in the task the answer arrives in (ADR 0018).
  const conquista = { data: useDeferredValue(consulta.data), status: useDeferredValue(consulta.status) };
  const modal = useModalAtrasado<SeloVisivel>();
  const [compartilhando, setCompartilhando] = useState(false);
  const selos = useMemo(() => (conquista.data ? selosConquistados(conquista.data) : []), [conquista.data]);

  return (
    <section className="conquistas-home" aria-labelledby={tituloId}>
      <div className="conquistas-home__topo">
        <h2 id={tituloId} className="conquistas-home__titulo">
          Minhas conquistas
        </h2>
        <Link className="conquistas-home__todos" to="/minhas-conquistas">
          Ver todos
        </Link>
      </div>
      {conquista.status === 'pending' ? <Loader label="Carregando suas conquistas..." /> : null}
      {conquista.status === 'error' ? <p className="page__text">Não foi possível carregar suas conquistas agora.</p> : null}
      {conquista.status === 'success' && selos.length === 0 ? (
        <p className="page__text">Seus selos aparecem aqui conforme você participa da Legião.</p>
      ) : null}
      {selos.length ? (
        <>
          <Carousel label="Meus selos" porVisao={{ base: 2, desde768: 5 }}>
            {selos.map((selo) => (
              <SeloBadge key={selo.id} selo={selo} onAbrir={modal.abrir} />
            ))}
          </Carousel>
          <div className="conquistas-home__acoes">
            <button type="button" className="button button--ghost" onClick={() => setCompartilhando(true)}>
              Compartilhar no Instagram
            </button>
          </div>
        </>
      ) : null}
      {modal.aberto ? <SeloModal selo={modal.aberto} onClose={modal.fechar} /> : null}
      {compartilhando ? (
        <InstagramModal nome={firstName(user?.nome) || 'Legionário'} selos={selos} onClose={() => setCompartilhando(false)} />
      ) : null}
    </section>
  );
}
