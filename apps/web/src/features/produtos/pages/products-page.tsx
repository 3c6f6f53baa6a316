import { useId } from 'react';
import { Link } from 'react-router';
import { BackLink } from '../../../shared/ui/back-link';
import { Loader } from '../../../shared/ui/loader';
import { useMemberProducts } from '../api/get-member-products';
import { ProductCard } from '../components/product-card';
import { ProductCarousel } from '../components/product-carousel';
import { productsCount } from '../lib/product-format';
import '../produtos.css';

const EMPTY = 'Nenhum resultado foi encontrado';

/** /produtos, 'Todos os meus produtos' (spec 001 section 2.15): the collection and 'Meus presentes'. */
export function ProductsPage() {
  const collectionId = useId();
  const giftsId = useId();
  const collection = useMemberProducts('colecao');
  const gifts = useMemberProducts('presentes');
  const groups = collection.data ?? [];

  return (
    <main id="conteudo" className="page produtos">
      <BackLink to="/home" />
      <h1 className="page__title">Todos os meus produtos</h1>

      <section className="produtos__secao" aria-labelledby={collectionId}>
        <div className="secao-topo">
          <h2 id={collectionId} className="secao-topo__titulo">
            Minha coleção
          </h2>
          {collection.isSuccess ? <p className="secao-topo__contagem">{productsCount(groups.length)}</p> : null}
          <Link className="button button--small secao-topo__acao" to="/novo-produto">
            Adicionar produto
          </Link>
        </div>
        {collection.isPending ? <Loader label="Carregando sua coleção..." /> : null}
        {collection.isError ? <p className="page__text">Não foi possível carregar sua coleção agora.</p> : null}
        {collection.isSuccess && groups.length === 0 ? <p className="produtos__vazio">{EMPTY}</p> : null}
        {groups.length ? (
          <ul className="produtos__grade" aria-label="Meus produtos">
            {groups.map((g) => (
              <li key={g.id}>
                <ProductCard grupo={g} />
              </li>
            ))}
          </ul>
        ) : null}
      </section>

      <section className="produtos__secao" aria-labelledby={giftsId}>
        <div className="secao-topo">
          <h2 id={giftsId} className="secao-topo__titulo">
            Meus presentes
          </h2>
        </div>
        {gifts.isPending ? <Loader label="Carregando seus presentes..." /> : null}
        {gifts.isError ? <p className="page__text">Não foi possível carregar seus presentes agora.</p> : null}
        {gifts.isSuccess && gifts.data.length === 0 ? <p className="produtos__vazio">{EMPTY}</p> : null}
        {gifts.data?.length ? (
          <ProductCarousel label="Meus presentes">
            {gifts.data.map((g) => (
              <ProductCard key={g.id} grupo={g} lista="presentes" />
            ))}
          </ProductCarousel>
        ) : null}
      </section>
    </main>
  );
}
