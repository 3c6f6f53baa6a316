import { useId } from 'react';
import { Link } from 'react-router';
import { BackLink } from '../../../shared/ui/back-link';
import { Loader } from '../../../shared/ui/loader';
import { useProdutosCliente } from '../api/get-produtos-cliente';
import { ProdutoCard } from '../components/produto-card';
import { ProdutoCarousel } from '../components/produto-carousel';
import { contagemProdutos } from '../lib/produto-format';
import '../produtos.css';

const VAZIO = 'Nenhum resultado foi encontrado';

/** /produtos, 'Todos os meus produtos' (spec 001 section 2.15): the collection and 'Meus presentes'. */
export function ProdutosPage() {
  const colecaoId = useId();
  const presentesId = useId();
  const colecao = useProdutosCliente('colecao');
  const presentes = useProdutosCliente('presentes');
  const grupos = colecao.data ?? [];

  return (
    <main id="conteudo" className="page produtos">
      <BackLink to="/home" />
      <h1 className="page__title">Todos os meus produtos</h1>

      <section className="produtos__secao" aria-labelledby={colecaoId}>
        <div className="secao-topo">
          <h2 id={colecaoId} className="secao-topo__titulo">
            Minha coleção
          </h2>
          {colecao.isSuccess ? <p className="secao-topo__contagem">{contagemProdutos(grupos.length)}</p> : null}
          <Link className="button button--small secao-topo__acao" to="/novo-produto">
            Adicionar produto
          </Link>
        </div>
        {colecao.isPending ? <Loader label="Carregando sua coleção..." /> : null}
        {colecao.isError ? <p className="page__text">Não foi possível carregar sua coleção agora.</p> : null}
        {colecao.isSuccess && grupos.length === 0 ? <p className="produtos__vazio">{VAZIO}</p> : null}
        {grupos.length ? (
          <ul className="produtos__grade" aria-label="Meus produtos">
            {grupos.map((g) => (
              <li key={g.id}>
                <ProdutoCard grupo={g} />
              </li>
            ))}
          </ul>
        ) : null}
      </section>

      <section className="produtos__secao" aria-labelledby={presentesId}>
        <div className="secao-topo">
          <h2 id={presentesId} className="secao-topo__titulo">
            Meus presentes
          </h2>
        </div>
        {presentes.isPending ? <Loader label="Carregando seus presentes..." /> : null}
        {presentes.isError ? <p className="page__text">Não foi possível carregar seus presentes agora.</p> : null}
        {presentes.isSuccess && presentes.data.length === 0 ? <p className="produtos__vazio">{VAZIO}</p> : null}
        {presentes.data?.length ? (
          <ProdutoCarousel label="Meus presentes">
            {presentes.data.map((g) => (
              <ProdutoCard key={g.id} grupo={g} lista="presentes" />
            ))}
          </ProdutoCarousel>
        ) : null}
      </section>
    </main>
  );
}
