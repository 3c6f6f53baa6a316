import type { Coupon } from '@legiao/contracts/beneficio';
import { dataBr } from '../lib/formatar';
import { CopyButton } from './copy-button';

type CouponInfo = Pick<Coupon, 'cupom' | 'numeroCupom' | 'dataResgate' | 'usoCupom' | 'dataUsoCupom' | 'opcao'>;

/** A redeemed coupon: the code to copy, the ticket day and number for events, and the partner link. */
export function CouponView({ cupom: coupon, evento: event, urlBeneficio: benefitUrl }: { cupom: CouponInfo; evento: boolean; urlBeneficio: string | null }) {
  return (
    <div className="cupom-view">
      <p className="cupom-view__rotulo">{event ? 'Código do seu ingresso' : 'Seu cupom'}</p>
      <p className="cupom-view__codigo" data-testid="cupom-codigo">
        {coupon.cupom}
      </p>
      <CopyButton texto={coupon.cupom} />
      <dl className="cupom-view__dados">
        {coupon.opcao ? (
          <div>
            <dt>Dia</dt>
            <dd>{coupon.opcao.nome}</dd>
          </div>
        ) : null}
        {event ? (
          <div>
            <dt>Ingresso nº</dt>
            <dd>{coupon.numeroCupom}</dd>
          </div>
        ) : null}
        <div>
          <dt>Resgatado em</dt>
          <dd>{dataBr(coupon.dataResgate)}</dd>
        </div>
        {coupon.usoCupom ? (
          <div>
            <dt>Utilizado em</dt>
            <dd>{dataBr(coupon.dataUsoCupom)}</dd>
          </div>
        ) : null}
      </dl>
      {benefitUrl && !coupon.usoCupom ? (
        // Reached only after the terms were accepted in the redemption (spec 000 section 5).
        <a className="button button--block" href={benefitUrl} target="_blank" rel="noopener noreferrer">
          Acessar o site
        </a>
      ) : null}
    </div>
  );
}
