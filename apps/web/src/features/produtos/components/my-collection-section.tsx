import { useDeferredValue, useId } from 'react';
import { Link } from 'react-router';
import { useLoggedUser } from '../../../shared/session/get-logged-user';
import { Loader } from '../../../shared/ui/loader';
import { useMemberProducts } from '../api/get-member-products';
import { productsCount } from '../lib/product-format';
import { ProductCard } from './product-card';
import { ProductCarousel } from './product-carousel';
import '../produtos.css';

/**
 * The home's 'Minha coleção' (spec 000 section 2): the count, a carousel of the collection
 * (1 per view below 768px, 5 from 768px), Adicionar produto and Todos os produtos; leads with
 * no products are offered the first-purchase discount.
 */
export function MyCollectionSection() {
  const titleId = useId();
  const { data: user } = useLoggedUser();
  const lookup = useMemberProducts('colecao');
  // Built in a transition (sliced) rather than in the task the answer arrives in (ADR 0018).
  const status = useDeferredValue(lookup.status);
  const data = useDeferredValue(lookup.data);
  const groups = data ?? [];
  const empty = status === 'success' && groups.length === 0;

  return (
    <section className="colecao-home" aria-labelledby={titleId}>
      <div className="secao-topo">
        <h2 id={titleId} className="secao-topo__titulo">
          Minha coleção
        </h2>
        {status === 'success' ? <p className="secao-topo__contagem">{productsCount(groups.length)}</p> : null}
      </div>
      {status === 'pending' ? <Loader label="Carregando sua coleção..." /> : null}
      {status === 'error' ? <p className="page__text">Não foi possível carregar sua coleção agora.</p> : null}
      {empty ? (
        <p className="colecao-home__vazia">
          Sua coleção ainda está vazia. Os produtos comprados no site oficial aparecem aqui automaticamente; os outros você
          adiciona.
        </p>
      ) : null}
      {groups.length ? (
        <ProductCarousel label="Minha coleção">
          {groups.map((g) => (
            <ProductCard key={g.id} grupo={g} />
          ))}
        </ProductCarousel>
      ) : null}
      <div className="colecao-home__acoes">
        <Link className="button" to="/novo-produto">
          Adicionar produto
        </Link>
        <Link className="button button--ghost" to="/produtos">
          Todos os produtos
        </Link>
        {user?.lead && empty ? (
          <Link className="button button--destaque" to="/beneficios">
            Resgate 15% Off*
          </Link>
        ) : null}
      </div>
      {user?.lead && empty ? <p className="colecao-home__nota">*Desconto de 15% na primeira compra no site oficial.</p> : null}
    </section>
  );
}
