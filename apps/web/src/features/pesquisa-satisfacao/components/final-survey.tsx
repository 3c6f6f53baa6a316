import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { env } from '../../../shared/config/env';
import { CopyCoupon } from './copy-coupon';

/** The finished survey: thanks by first name (when known), the coupon, another product, the brand's site. */
export function FinalSurvey({ primeiroNome: firstName, cupom: coupon }: { primeiroNome: string; cupom: string | null }) {
  const titleRef = useRef<HTMLHeadingElement>(null);
  // Arriving here replaces the form the user was in: move focus so screen readers hear the thanks.
  useEffect(() => titleRef.current?.focus(), []);
  return (
    <div className="result satisfacao-final" role="status">
      <span className="result__icon" aria-hidden="true">
        ✓
      </span>
      <h1 className="page__title" ref={titleRef} tabIndex={-1}>
        {firstName ? `Obrigado, ${firstName}!` : 'Obrigado!'}
      </h1>
      <p className="result__text">Sua opinião ajuda a gente a deixar a Legião cada vez melhor.</p>
      {coupon ? <CopyCoupon cupom={coupon} /> : null}
      <p className="result__text">Tem outro produto da marca? Adicione à sua coleção e continue somando.</p>
      <div className="satisfacao-final__acoes">
        <Link className="button" to="/novo-produto">
          Adicionar outro produto
        </Link>
        <a className="button button--ghost" href={env.storeUrl} target="_blank" rel="noopener noreferrer">
          Ir para o site da marca
        </a>
      </div>
    </div>
  );
}
