import type { Cupom } from '@legiao/contracts/beneficio';
import { dataBr } from '../lib/formatar';
import { CopiarBotao } from './copiar-botao';

type CupomInfo = Pick<Cupom, 'cupom' | 'numeroCupom' | 'dataResgate' | 'usoCupom' | 'dataUsoCupom' | 'opcao'>;

/** A redeemed coupon: the code to copy, the ticket day and number for events, and the partner link. */
export function CupomView({ cupom, evento, urlBeneficio }: { cupom: CupomInfo; evento: boolean; urlBeneficio: string | null }) {
  return (
    <div className="cupom-view">
      <p className="cupom-view__rotulo">{evento ? 'Código do seu ingresso' : 'Seu cupom'}</p>
      <p className="cupom-view__codigo" data-testid="cupom-codigo">
        {cupom.cupom}
      </p>
      <CopiarBotao texto={cupom.cupom} />
      <dl className="cupom-view__dados">
        {cupom.opcao ? (
          <div>
            <dt>Dia</dt>
            <dd>{cupom.opcao.nome}</dd>
          </div>
        ) : null}
        {evento ? (
          <div>
            <dt>Ingresso nº</dt>
            <dd>{cupom.numeroCupom}</dd>
          </div>
        ) : null}
        <div>
          <dt>Resgatado em</dt>
          <dd>{dataBr(cupom.dataResgate)}</dd>
        </div>
        {cupom.usoCupom ? (
          <div>
            <dt>Utilizado em</dt>
            <dd>{dataBr(cupom.dataUsoCupom)}</dd>
          </div>
        ) : null}
      </dl>
      {urlBeneficio && !cupom.usoCupom ? (
        // Reached only after the terms were accepted in the redemption (spec 000 section 5).
        <a className="button button--block" href={urlBeneficio} target="_blank" rel="noopener noreferrer">
          Acessar o site
        </a>
      ) : null}
    </div>
  );
}
