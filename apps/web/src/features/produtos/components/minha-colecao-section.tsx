import { useDeferredValue, useId } from 'react';
import { Link } from 'react-router';
import { useLoggedUser } from '../../../shared/session/get-logged-user';
import { Loader } from '../../../shared/ui/loader';
import { useProdutosCliente } from '../api/get-produtos-cliente';
import { contagemProdutos } from '../lib/produto-format';
import { ProdutoCard } from './produto-card';
import { ProdutoCarousel } from './produto-carousel';
import '../produtos.css';

/**
 * The home's 'Minha coleção' (spec 000 section 2): the count, a carousel of the collection
 * (1 per view below 768px, 5 from 768px), Adicionar produto and Todos os produtos; leads with
 * no products are offered the first-purchase discount.
 */
export function MinhaColecaoSection() {
  const tituloId = useId();
  const { data: user } = useLoggedUser();
  const consulta = useProdutosCliente('colecao');
  // Built in a transition (sliced) rather than in the task the answer arrives in (ADR 0018).
  const status = useDeferredValue(consulta.status);
  const dados = useDeferredValue(consulta.data);
  const grupos = dados ?? [];
  const vazia = status === 'success' && grupos.length === 0;

  return (
    <section className="colecao-home" aria-labelledby={tituloId}>
      <div className="secao-topo">
        <h2 id={tituloId} className="secao-topo__titulo">
          Minha coleção
        </h2>
        {status === 'success' ? <p className="secao-topo__contagem">{contagemProdutos(grupos.length)}</p> : null}
      </div>
      {status === 'pending' ? <Loader label="Carregando sua coleção..." /> : null}
      {status === 'error' ? <p className="page__text">Não foi possível carregar sua coleção agora.</p> : null}
      {vazia ? (
        <p className="colecao-home__vazia">
          Sua coleção ainda está vazia. Os produtos comprados no site oficial aparecem aqui automaticamente; os outros você
          adiciona.
        </p>
      ) : null}
      {grupos.length ? (
        <ProdutoCarousel label="Minha coleção">
          {grupos.map((g) => (
            <ProdutoCard key={g.id} grupo={g} />
          ))}
        </ProdutoCarousel>
      ) : null}
      <div className="colecao-home__acoes">
        <Link className="button" to="/novo-produto">
          Adicionar produto
        </Link>
        <Link className="button button--ghost" to="/produtos">
          Todos os produtos
        </Link>
        {user?.lead && vazia ? (
          <Link className="button button--destaque" to="/beneficios">
            Resgate 15% Off*
          </Link>
        ) : null}
      </div>
      {user?.lead && vazia ? <p className="colecao-home__nota">*Desconto de 15% na primeira compra no site oficial.</p> : null}
    </section>
  );
}
