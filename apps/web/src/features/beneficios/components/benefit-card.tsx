import type { Benefit } from '@legiao/contracts/beneficio';
import { useId } from 'react';
import { cardButton, futureStart } from '../lib/benefit-state';
import { cost, dataBr } from '../lib/formatar';
import { ProgressBar } from './progress-bar';
import { Countdown } from './countdown';
import { Image } from '../../../shared/ui/image';

interface BenefitCardProps {
  beneficio: Benefit;
  saldo: number;
  /** Profile complete and defined: otherwise every button is disabled. */
  released: boolean;
  onOpen: (b: Benefit) => void;
  /** A countdown reached zero: the list must be read again. */
  onOpened?: () => void;
}

/** A benefit card in one of the five states (spec 000 section 4). */
export function BenefitCard({ beneficio: b, saldo: balance, released, onOpen, onOpened }: BenefitCardProps) {
  const titleId = useId();
  const actionButton = cardButton(b, released);
  const opensIn = b.estado === 'bloqueado' ? futureStart(b) : null;
  const use = b.estado === 'utilizado' ? b.resgates[0]?.dataUsoCupom : null;
  const showsProgress = b.valor > 0 && !b.jaResgatado && (b.estado === 'resgatavel' || b.codigoBloqueio === 'SALDO_INSUFICIENTE');

  return (
    <article className={`beneficio-card beneficio-card--${b.estado}`} aria-labelledby={titleId}>
      <div className="beneficio-card__imagem">
        <Image src={b.urlImagem} alt="" loading="lazy" />
        {b.estado === 'esgotado' ? <span className="beneficio-card__selo">Esgotado</span> : null}
      </div>
      <div className="beneficio-card__corpo">
        <h3 id={titleId} className="beneficio-card__nome">
          {b.nome}
        </h3>
        <p className="beneficio-card__custo">{cost(b.valor)}</p>
        {showsProgress ? <ProgressBar saldo={balance} valor={b.valor} nome={b.nome} /> : null}
        {opensIn ? <Countdown target={opensIn} onEnd={onOpened} /> : null}
        {b.estado === 'bloqueado' && b.motivoBloqueio && b.codigoBloqueio !== 'PERFIL_INCOMPLETO' && b.codigoBloqueio !== 'PERFIL_NAO_DEFINIDO' ? (
          <p className="beneficio-card__motivo">{b.motivoBloqueio}</p>
        ) : null}
        {use ? <p className="beneficio-card__uso">Usado em {dataBr(use)}</p> : null}
        <button
          type="button"
          className={`button button--block beneficio-card__botao beneficio-card__botao--${b.estado}`}
          disabled={actionButton.disabled}
          onClick={() => onOpen(b)}
        >
          {actionButton.rotulo}
        </button>
      </div>
    </article>
  );
}
