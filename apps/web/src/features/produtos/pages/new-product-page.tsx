import type { Product } from '@legiao/contracts/produto';
import { PRODUCT_MSG } from '@legiao/contracts/produto';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../shared/api/api-error';
import { scrollToTop } from '../../../shared/navigation/app-navigate';
import { useNotices } from '../../../shared/notices/notice-context';
import { BackButton, BackLink } from '../../../shared/ui/back-link';
import { productQueryOptions } from '../api/get-product';
import { INITIAL_SEARCH, CatalogueSearch } from '../components/catalogue-search';
import { ConfirmPurchase } from '../components/confirm-purchase';
import '../produtos.css';

type Step = 'escolher' | 'confirmar' | 'concluido';

/** /novo-produto (spec 001 section 2.13): choose a product, say where it was bought, done. */
export function NewProductPage() {
  const queryClient = useQueryClient();
  const { notify } = useNotices();
  const [step, setStep] = useState<Step>('escolher');
  const [search, setSearch] = useState(INITIAL_SEARCH);
  const [choosing, setChoosing] = useState<number | null>(null);
  const [product, setProduct] = useState<Product | null>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const firstTime = useRef(true);

  // Each step change moves focus to its heading, so screen readers hear where they are.
  useEffect(() => {
    if (firstTime.current) {
      firstTime.current = false;
      return;
    }
    titleRef.current?.focus();
    scrollToTop();
  }, [step]);

  async function choose(id: number) {
    setChoosing(id);
    try {
      setProduct(await queryClient.fetchQuery(productQueryOptions(id)));
      setStep('confirmar');
    } catch (error) {
      notify({ message: errorMessage(error) });
    } finally {
      setChoosing(null);
    }
  }

  if (step === 'concluido') {
    return (
      <main id="conteudo" className="page page--narrow">
        <div className="result" role="status">
          <span className="result__icon" aria-hidden="true">
            ✓
          </span>
          <h1 className="page__title" ref={titleRef} tabIndex={-1}>
            {PRODUCT_MSG.cadastrado}
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
              setProduct(null);
              setStep('escolher');
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
      {step === 'escolher' ? (
        <BackLink to="/produtos" />
      ) : (
        <BackButton onClick={() => setStep('escolher')} label="Escolher outro produto" />
      )}
      <p className="novo-produto__etapa">Etapa {step === 'escolher' ? 1 : 2} de 2</p>
      <h1 className="page__title" ref={titleRef} tabIndex={-1}>
        {step === 'escolher' ? 'Adicionar produto' : 'Confirme seu produto'}
      </h1>
      {step === 'escolher' ? (
        <>
          <p className="page__text">Busque pelo nome ou filtre por categoria e escolha o produto que você tem.</p>
          <CatalogueSearch busca={search} onSearchChange={setSearch} onChoose={(id) => void choose(id)} choosing={choosing} />
        </>
      ) : null}
      {step === 'confirmar' && product ? (
        <ConfirmPurchase produto={product} onCompleted={() => setStep('concluido')} />
      ) : null}
    </main>
  );
}
