import { useId } from 'react';
import { Loader } from '../../../shared/ui/loader';
import { useCupons } from '../api/get-cupons';
import { dataBr } from '../lib/formatar';
import { CopiarBotao } from './copiar-botao';

/** 'Meus cupons' on /beneficios: every code the member redeemed (GET /beneficio/cupom), to copy. */
export function MeusCupons() {
  const tituloId = useId();
  const cupons = useCupons();
  const lista = cupons.data ?? [];
  return (
    <section className="meus-cupons" aria-labelledby={tituloId}>
      <h2 id={tituloId} className="beneficios__titulo">
        Meus cupons
      </h2>
      {cupons.isPending ? <Loader label="Carregando seus cupons..." /> : null}
      {cupons.isError ? <p className="page__text">Não foi possível carregar seus cupons agora.</p> : null}
      {cupons.isSuccess && !lista.length ? <p className="page__text">Você ainda não resgatou nenhum benefício.</p> : null}
      {lista.length ? (
        <ul className="meus-cupons__lista" aria-label="Meus cupons">
          {lista.map((c) => (
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
              {c.usoCupom ? <span className="meus-cupons__usado">Utilizado</span> : <CopiarBotao texto={c.cupom} />}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
