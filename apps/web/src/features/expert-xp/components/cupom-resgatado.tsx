import { LEAD_MSG, LEAD_PERCENTUAL } from '@legiao/contracts/leads';
import { useEffect, useRef } from 'react';
import { env } from '../../../shared/config/env';
import { CupomCopiavel } from '../../friends-and-family/components/cupom-copiavel';

/** 'CUPOM RESGATADO!': the code, a copy icon, the store and VOLTAR (reloads the page, a fresh form). */
export function CupomResgatado({ cupom }: { cupom: string }) {
  const titulo = useRef<HTMLHeadingElement>(null);
  // The form is gone: focus moves to the news so a screen reader hears it.
  useEffect(() => titulo.current?.focus(), []);
  return (
    <div className="expert-xp__sucesso">
      <h1 ref={titulo} tabIndex={-1} className="auth-card__title expert-xp__titulo">
        {LEAD_MSG.sucesso}
      </h1>
      <p className="page__text">
        Use este cupom de {LEAD_PERCENTUAL}% OFF na sua primeira compra na loja oficial (uso único por CPF).
      </p>
      <CupomCopiavel cupom={cupom} />
      <a className="button button--block" href={env.storeUrl} target="_blank" rel="noopener noreferrer">
        IR PARA O SITE
      </a>
      <button type="button" className="button button--ghost button--block" onClick={() => window.location.reload()}>
        VOLTAR
      </button>
    </div>
  );
}
