import type { Beneficio } from '@legiao/contracts/beneficio';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useLoggedUser } from '../../../shared/session/get-logged-user';
import { Loader } from '../../../shared/ui/loader';
import { Carousel } from '../../../shared/ui/carousel';
import { beneficioQueryOptions } from '../api/get-beneficio';
import { useBeneficios } from '../api/get-beneficios';
import { beneficioKeys } from '../api/keys';
import { consumirBeneficioChatbot } from '../lib/beneficio-chatbot';
import { perfilLiberado, podeAbrir } from '../lib/estado-beneficio';
import { BeneficioCard } from './beneficio-card';
import { BloqueioPerfil } from './bloqueio-perfil';
import { ResgateModal } from './resgate-modal';
import { SaldoIndicacoes } from './saldo-indicacoes';
import '../beneficios.css';

/**
 * The benefits section (spec 000 section 2): the profile lock, the referral balance, the cards and
 * the redeem modal. On the home ('home', anchor #beneficios) the cards are a carousel; on
 * /beneficios ('pagina') a grid under the page's own title.
 */
export function BeneficiosSection({ variante = 'home' }: { variante?: 'home' | 'pagina' }) {
  const tituloId = useId();
  const queryClient = useQueryClient();
  const { data: user } = useLoggedUser();
  const beneficios = useBeneficios();
  const [aberto, setAberto] = useState<Beneficio | null>(null);
  const chatbotLido = useRef(false);
  const liberado = perfilLiberado(user);

  // The chatbot link's benefit (?beneficio=, stored by the landing or the login): opened once, then
  // forgotten. While the profile still locks the benefits it stays stored ("stored for later", spec
  // 000 section 2), so it opens on the first visit after the member completes and defines the profile.
  useEffect(() => {
    if (!user || !perfilLiberado(user) || chatbotLido.current) return;
    chatbotLido.current = true;
    const id = consumirBeneficioChatbot();
    if (id === null) return;
    queryClient
      .fetchQuery(beneficioQueryOptions(id))
      .then((b) => {
        if (podeAbrir(b)) setAberto(b);
        else console.info('Benefício do chatbot indisponível para este membro:', id);
      })
      .catch((err: unknown) => console.warn('Benefício do chatbot não encontrado:', id, err));
  }, [user, queryClient]);

  const recarregar = useCallback(() => void queryClient.invalidateQueries({ queryKey: beneficioKeys.lista }), [queryClient]);

  function abrir(b: Beneficio) {
    if (liberado && podeAbrir(b)) setAberto(b);
  }

  // The open benefit follows the list, so the modal sees a redemption's new state.
  const atual = aberto ? (beneficios.data?.find((b) => b.id === aberto.id) ?? aberto) : null;
  const lista = beneficios.data ?? [];
  const cards = lista.map((b) => (
    <BeneficioCard key={b.id} beneficio={b} saldo={user?.saldo ?? 0} liberado={liberado} onAbrir={abrir} onAbriu={recarregar} />
  ));

  const conteudo = (
    <>
      {user ? <BloqueioPerfil user={user} /> : null}
      {user ? <SaldoIndicacoes user={user} /> : null}
      {beneficios.isPending || !user ? <Loader label="Carregando benefícios..." /> : null}
      {beneficios.isError ? <p className="page__text">Não foi possível carregar os benefícios agora.</p> : null}
      {beneficios.isSuccess && !lista.length ? <p className="page__text">Nenhum benefício disponível no momento.</p> : null}
      {lista.length && user ? (
        variante === 'home' ? (
          <Carousel label="Benefícios" porVisao={{ base: 1, desde768: 5 }}>
            {cards}
          </Carousel>
        ) : (
          <ul className="beneficios-grade" aria-label="Benefícios">
            {cards.map((c) => (
              <li key={c.key}>{c}</li>
            ))}
          </ul>
        )
      ) : null}
      {atual ? <ResgateModal key={atual.id} beneficio={atual} onClose={() => setAberto(null)} /> : null}
    </>
  );

  if (variante === 'pagina') return <div className="beneficios">{conteudo}</div>;
  return (
    <section id="beneficios" className="beneficios beneficios--home" aria-labelledby={tituloId}>
      <div className="beneficios__topo">
        <h2 id={tituloId} className="beneficios__titulo">
          Benefícios
        </h2>
        <Link className="beneficios__ver-todos" to="/beneficios">
          Ver todos
        </Link>
      </div>
      {conteudo}
    </section>
  );
}
