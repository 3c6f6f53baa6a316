import type { Produto } from '@legiao/contracts/produto';
import { PRODUTO_MSG } from '@legiao/contracts/produto';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../shared/api/api-error';
import { scrollToTop } from '../../../shared/navigation/app-navigate';
import { useNotices } from '../../../shared/notices/notice-context';
import { BackButton, BackLink } from '../../../shared/ui/back-link';
import { produtoQueryOptions } from '../api/get-produto';
import { BUSCA_INICIAL, CatalogoBusca } from '../components/catalogo-busca';
import { ConfirmarCompra } from '../components/confirmar-compra';
import '../produtos.css';

type Etapa = 'escolher' | 'confirmar' | 'concluido';

/** /novo-produto (spec 001 section 2.13): choose a product, say where it was bought, done. */
export function NovoProdutoPage() {
  const queryClient = useQueryClient();
  const { notify } = useNotices();
  const [etapa, setEtapa] = useState<Etapa>('escolher');
  const [busca, setBusca] = useState(BUSCA_INICIAL);
  const [escolhendo, setEscolhendo] = useState<number | null>(null);
  const [produto, setProduto] = useState<Produto | null>(null);
  const tituloRef = useRef<HTMLHeadingElement>(null);
  const primeiraVez = useRef(true);

  // Each step change moves focus to its heading, so screen readers hear where they are.
  useEffect(() => {
    if (primeiraVez.current) {
      primeiraVez.current = false;
      return;
    }
    tituloRef.current?.focus();
    scrollToTop();
  }, [etapa]);

  async function escolher(id: number) {
    setEscolhendo(id);
    try {
      setProduto(await queryClient.fetchQuery(produtoQueryOptions(id)));
      setEtapa('confirmar');
    } catch (error) {
      notify({ message: errorMessage(error) });
    } finally {
      setEscolhendo(null);
    }
  }

  if (etapa === 'concluido') {
    return (
      <main id="conteudo" className="page page--narrow">
        <div className="result" role="status">
          <span className="result__icon" aria-hidden="true">
            ✓
          </span>
          <h1 className="page__title" ref={tituloRef} tabIndex={-1}>
            {PRODUTO_MSG.cadastrado}
          </h1>
          <p className="result__text">Você já pode vê-lo em Minha Coleção.</p>
          <div className="novo-produto__acoes">
            <Link className="button" to="/produtos">
              Ver Minha Coleção
            </Link>
            <Link className="button button--ghost" to="/home">
              Ir para a home
            </Link>
          </div>
          <button
            type="button"
            className="link-button"
            onClick={() => {
              setProduto(null);
              setEtapa('escolher');
            }}
          >
            Adicionar outro produto
          </button>
        </div>
      </main>
    );
  }

  return (
    <main id="conteudo" className="page novo-produto">
      {etapa === 'escolher' ? (
        <BackLink to="/produtos" />
      ) : (
        <BackButton onClick={() => setEtapa('escolher')} label="Escolher outro produto" />
      )}
      <p className="novo-produto__etapa">Etapa {etapa === 'escolher' ? 1 : 2} de 2</p>
      <h1 className="page__title" ref={tituloRef} tabIndex={-1}>
        {etapa === 'escolher' ? 'Adicionar produto' : 'Confirme seu produto'}
      </h1>
      {etapa === 'escolher' ? (
        <>
          <p className="page__text">Busque pelo nome ou filtre por categoria e escolha o produto que você tem.</p>
          <CatalogoBusca busca={busca} onBuscaChange={setBusca} onEscolher={(id) => void escolher(id)} escolhendo={escolhendo} />
        </>
      ) : null}
      {etapa === 'confirmar' && produto ? (
        <ConfirmarCompra produto={produto} onConcluido={() => setEtapa('concluido')} />
      ) : null}
    </main>
  );
}
