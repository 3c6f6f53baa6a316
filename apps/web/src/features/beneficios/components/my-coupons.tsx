import { useId } from 'react';
import { Loader } from '../../../shared/ui/loader';
import { useCoupons } from '../api/get-coupons';
import { dataBr } from '../lib/formatar';
import { CopyButton } from './copy-button';

/** 'Meus cupons' on /beneficios: every code the member redeemed (GET /beneficio/cupom), to copy. */
export function MyCoupons() {
  const titleId = useId();
  const coupons = useCoupons();
  const list = coupons.data ?? [];
  return (
    <section className="meus-cupons" aria-labelledby={titleId}>
      <h2 id={titleId} className="beneficios__titulo">
        Meus cupons
      </h2>
      {coupons.isPending ? <Loader label="Carregando seus cupons..." /> : null}
      {coupons.isError ? <p className="page__text">Não foi possível carregar seus cupons agora.</p> : null}
      {coupons.isSuccess && !list.length ? <p className="page__text">Você ainda não resgatou nenhum benefício.</p> : null}
      {list.length ? (
        <ul className="meus-cupons__lista" aria-label="Meus cupons">
          {list.map((c) => (
            <li key={c.numeroCupom} className="meus-cupons__item">
              <div className="meus-cupons__info">
                <p className="meus-cupons__nome">{c.nomeBeneficio}</p>
                <p className="meus-cupons__codigo">{c.cupom}</p>
                <p className="meus-cupons__datas">
                  Resgatado em {dataBr(c.dataResgate)}
                  {c.opcao ? ` · ${c.opcao.nome}` : ''}
                  {c.usoCupom ? ` · Utilizado em ${dataBr(c.dataUsoCupom)}` : ''}
                </p>
              </div>
              {c.usoCupom ? <span className="meus-cupons__usado">Utilizado</span> : <CopyButton texto={c.cupom} />}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
