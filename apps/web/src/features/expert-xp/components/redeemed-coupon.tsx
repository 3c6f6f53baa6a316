import { LEAD_MSG, LEAD_PERCENTAGE } from '@legiao/contracts/leads';
import { useEffect, useRef } from 'react';
import { env } from '../../../shared/config/env';
import { CopyableCoupon } from '../../friends-and-family/components/copyable-coupon';

/**
 * 'CUPOM RESGATADO!': the code, a copy icon, the store and VOLTAR (reloads the page, a fresh form).
 * `mailed`: the server took the lead, so the address gets its personal coupon by e-mail (ADR 0039).
 */
export function RedeemedCoupon({ cupom: coupon, mailed }: { cupom: string; mailed: boolean }) {
  const title = useRef<HTMLHeadingElement>(null);
  // The form is gone: focus moves to the news so a screen reader hears it.
  useEffect(() => title.current?.focus(), []);
  return (
    <div className="expert-xp__sucesso">
      <h1 ref={title} tabIndex={-1} className="auth-card__title expert-xp__titulo">
        {LEAD_MSG.sucesso}
      </h1>
      <p className="page__text">
        Use este cupom de {LEAD_PERCENTAGE}% OFF na sua primeira compra na loja oficial (uso único por CPF).
      </p>
      <CopyableCoupon cupom={coupon} />
      {mailed ? <p className="page__text">{LEAD_MSG.cupomPorEmail}</p> : null}
      <a className="button button--block" href={env.storeUrl} target="_blank" rel="noopener noreferrer">
        IR PARA O SITE
      </a>
      <button type="button" className="button button--ghost button--block" onClick={() => window.location.reload()}>
        VOLTAR
      </button>
    </div>
  );
}
